import type { Metadata } from "next";
import { EmailLinkConfirm } from "@/components/auth/email-link-confirm";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { ResendVerification } from "@/components/auth/resend-verification";
import { tokenSchema } from "@/lib/accounts/email-links-schema";

export const metadata: Metadata = { title: "Verify your email address", robots: { index: false } };

// Opening the mailed link (a GET, as mail scanners do) changes nothing: the page asks, and its button
// verifies the address (POST /api/verify-email). The token works once, for 24 hours.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  const resend = <ResendVerification callbackPath="/dashboard" variant="default" />;
  if (!token.success) {
    return (
      <LinkOutcome tone="problem" title="This link is not valid" message="Check that you opened the whole link from the email, or ask for a new one below.">
        {resend}
      </LinkOutcome>
    );
  }
  return (
    <EmailLinkConfirm
      endpoint="/api/verify-email"
      token={token.data}
      ask={{
        title: "Verify your email address",
        message: "Confirm that this email address is yours: then you can vote on surveys and report them.",
        button: "Verify my email address",
      }}
      done={{
        title: "Your email address is verified",
        actions: [
          { href: "/surveys", label: "Browse surveys" },
          { href: "/dashboard", label: "Go to your dashboard" },
        ],
      }}
      problem={{ title: "This link did not work" }}
    >
      {resend}
    </EmailLinkConfirm>
  );
}
