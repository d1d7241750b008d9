import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/auth/auth-card";
import { CheckInbox } from "@/components/auth/check-inbox";
import { needsVerification } from "@/lib/accounts/account-email";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/guards";
import { withChoice } from "@/lib/votes/choice";

export const metadata: Metadata = { title: "Check your inbox", robots: { index: false } };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : null);

// For a signed-in person (the proxy sends anyone else to /login and back here) whose address waits for
// its verification mail; anyone with nothing to verify goes straight on to where they were going.
export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const continueTo = withChoice(safeCallbackPath(one(params.callbackUrl)), one(params.vote));
  const user = await getCurrentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(`/check-inbox?callbackUrl=${encodeURIComponent(continueTo)}`)}`);
  if (!needsVerification(user)) redirect(continueTo);
  return (
    <AuthCard title="Check your inbox">
      <CheckInbox email={user.email} continueTo={continueTo} />
    </AuthCard>
  );
}
