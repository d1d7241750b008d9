import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { apiSentence } from "@/components/auth/api-sentences";
import { AuthCard } from "@/components/auth/auth-card";
import { authFormTitleMetadata } from "@/components/auth/auth-form-page";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { resetLinkRefusal } from "@/lib/accounts/account-email";
import { localeFromParams, localised } from "@/lib/i18n/server";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The page of a mailed reset link: the link is checked first, so a used, expired or broken one says
// so at once, with the way to a new one, instead of a form that could only refuse once filled in.
// Rendered per request (its answer carries a nonce, proxy.ts).
const checkLink = cache((token: string) => resetLinkRefusal(token));
const refusalOf = async (searchParams: SearchParams) => {
  const token = (await searchParams).token;
  return checkLink(typeof token === "string" ? token : "");
};

export async function generateMetadata({ params, searchParams }: { params?: Promise<{ locale: string }>; searchParams: SearchParams }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  return authFormTitleMetadata(locale, (await refusalOf(searchParams)) ? "linkDidNotWork" : "resetPassword");
}

async function Page({ searchParams }: { searchParams: SearchParams }) {
  const [refusal, t] = await Promise.all([refusalOf(searchParams), getTranslations("auth")]);
  if (refusal) {
    return (
      <LinkOutcome
        tone="problem"
        title={t("titles.linkDidNotWork")}
        message={apiSentence(refusal, t)}
        actions={[{ href: "/forgot-password", label: t("reset.newLink") }]}
      />
    );
  }
  return (
    <AuthCard title={t("titles.resetPassword")}>
      <ResetPasswordForm />
    </AuthCard>
  );
}

export default localised(Page);
