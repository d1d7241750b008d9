import type { Metadata } from "next";
import { cache } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { authFormMetadata } from "@/components/auth/auth-form-page";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { resetLinkRefusal } from "@/lib/accounts/account-email";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const TITLE = "Choose a new password";
const REFUSED_TITLE = "This link did not work";

// The page of a mailed reset link: the link is checked first, so a used, expired or broken one says
// so at once, with the way to a new one, instead of a form that could only refuse once filled in.
// Rendered per request (its answer carries a nonce, proxy.ts).
const checkLink = cache((token: string) => resetLinkRefusal(token));
const refusalOf = async (searchParams: SearchParams) => {
  const token = (await searchParams).token;
  return checkLink(typeof token === "string" ? token : "");
};

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  return authFormMetadata((await refusalOf(searchParams)) ? REFUSED_TITLE : TITLE);
}

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const refusal = await refusalOf(searchParams);
  if (refusal) return <LinkOutcome tone="problem" title={REFUSED_TITLE} message={refusal} actions={[{ href: "/forgot-password", label: "Ask for a new link" }]} />;
  return (
    <AuthCard title={TITLE}>
      <ResetPasswordForm />
    </AuthCard>
  );
}
