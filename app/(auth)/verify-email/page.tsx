import type { Metadata } from "next";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { ResendVerification } from "@/components/auth/resend-verification";
import { verifyEmailWithToken } from "@/lib/services/account-email";
import { tokenSchema } from "@/lib/validation/email-links";

export const metadata: Metadata = { title: "Verify your email address", robots: { index: false } };

// Opening the mailed link (a GET) verifies the address: the token works once, for 24 hours.
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  const { outcome, email } = token.success ? await verifyEmailWithToken(token.data) : { outcome: "invalid" as const, email: undefined };
  const next = [
    { href: "/surveys", label: "Browse surveys" },
    { href: "/dashboard", label: "Go to your dashboard" },
  ];
  if (outcome === "verified" || outcome === "already") {
    return (
      <LinkOutcome
        tone="success"
        title={outcome === "verified" ? "Your email address is verified" : "Already verified"}
        message={`${email} is ${outcome === "verified" ? "now" : "already"} verified. You can vote on surveys and report them.`}
        actions={next}
      />
    );
  }
  const problems = {
    expired: ["This link has expired", "Verification links work for 24 hours. Ask for a new one below."],
    used: ["This link was already used", "Each link works once. If your address is still not verified, ask for a new one below."],
    invalid: ["This link is not valid", "Check that you opened the whole link from the email, or ask for a new one below."],
  } as const;
  const [title, message] = problems[outcome];
  return (
    <LinkOutcome tone="problem" title={title} message={message}>
      <ResendVerification callbackPath="/dashboard" variant="default" />
    </LinkOutcome>
  );
}
