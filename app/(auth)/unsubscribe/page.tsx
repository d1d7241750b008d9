import type { Metadata } from "next";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { UnsubscribeButton } from "@/components/auth/unsubscribe-button";
import { PREFERENCE_LABELS, readUnsubscribeToken } from "@/lib/mail/unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

// The page of a mail's "Stop these emails" link: it asks before changing anything.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const target = readUnsubscribeToken(token);
  if (!target) {
    return <LinkOutcome tone="problem" title="This link is not valid" message="Check that you opened the whole link from the email. You can also change which emails you receive on your account page." actions={[{ href: "/dashboard/account", label: "Go to your account" }]} />;
  }
  return (
    <LinkOutcome tone="success" title="Stop these emails?" message={`You will no longer receive emails about ${PREFERENCE_LABELS[target.kind]}. You can turn them back on from your account page.`}>
      <UnsubscribeButton token={token} />
    </LinkOutcome>
  );
}
