import type { Metadata } from "next";
import { EmailLinkConfirm } from "@/components/auth/email-link-confirm";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { tokenSchema } from "@/lib/accounts/email-links-schema";

export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false } };

const ACCOUNT = { href: "/dashboard/account#email", label: "Go to your account" };

// Opening the link mailed to the new address (a GET, as mail scanners do) changes nothing: the page
// asks, and its button makes it the account's address, verified (POST /api/confirm-email).
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  if (!token.success) {
    return (
      <LinkOutcome
        tone="problem"
        title="This link is not valid"
        message="Check that you opened the whole link from the email, or ask for the change again from your account page."
        actions={[ACCOUNT]}
      />
    );
  }
  return (
    <EmailLinkConfirm
      endpoint="/api/confirm-email"
      token={token.data}
      ask={{
        title: "Confirm your new email address",
        message: "Make this address your account's: you will use it to sign in, and your current address stops working for it.",
        button: "Use this email address",
      }}
      done={{ title: "Your email address was changed", actions: [ACCOUNT] }}
      problem={{ title: "This link did not work", actions: [ACCOUNT] }}
    />
  );
}
