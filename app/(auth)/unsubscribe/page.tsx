import type { Metadata } from "next";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { UnsubscribeConfirm } from "@/components/auth/unsubscribe-button";
import { PREFERENCE_LABELS, readUnsubscribeToken } from "@/lib/mail/unsubscribe";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

// The page of a mail's "Stop these emails" link: it asks before changing anything, then says what it did.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const target = readUnsubscribeToken(token);
  if (!target) {
    return <LinkOutcome tone="problem" title="This link is not valid" message="Check that you opened the whole link from the email. You can also change which emails you receive on your account page." actions={[{ href: "/dashboard/account", label: "Go to your account" }]} />;
  }
  return <UnsubscribeConfirm token={token} about={PREFERENCE_LABELS[target.kind]} />;
}
