import type { Metadata } from "next";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { confirmEmailChange } from "@/lib/services/account-email";
import { tokenSchema } from "@/lib/validation/email-links";

export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false } };

const ACCOUNT = { href: "/dashboard/account#email", label: "Go to your account" };

// Opening the link mailed to the new address (a GET) makes it the account's address, verified.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  const { outcome, email } = token.success ? await confirmEmailChange(token.data) : { outcome: "invalid" as const, email: undefined };
  if (outcome === "verified" || outcome === "already") {
    return <LinkOutcome tone="success" title="Your email address was changed" message={`Your account's address is now ${email}. Use it to sign in.`} actions={[ACCOUNT]} />;
  }
  const problems = {
    expired: ["This link has expired", "Confirmation links work for 24 hours. Ask for the change again from your account page."],
    used: ["This link was already used", "Each link works once. Ask for the change again from your account page if you need to."],
    invalid: ["This link is not valid", "Check that you opened the whole link from the email, or ask for the change again from your account page."],
    taken: ["This address is taken", "Another account uses this address now, so yours was not changed."],
  } as const;
  const [title, message] = problems[outcome];
  return <LinkOutcome tone="problem" title={title} message={message} actions={[ACCOUNT]} />;
}
