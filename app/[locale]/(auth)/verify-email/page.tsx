import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailLinkConfirm } from "@/components/auth/email-link-confirm";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { ResendVerification } from "@/components/auth/resend-verification";
import { tokenSchema } from "@/lib/accounts/email-links-schema";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "auth.titles" });
  return { title: t("verifyEmail"), robots: { index: false } };
}

// Opening the mailed link (a GET, as mail scanners do) changes nothing: the page asks, and its button
// verifies the address (POST /api/verify-email). The token works once, for 24 hours.
async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  const t = await getTranslations("auth");
  const resend = <ResendVerification callbackPath="/dashboard" variant="default" />;
  if (!token.success) {
    return (
      <LinkOutcome tone="problem" title={t("titles.linkNotValid")} message={t("links.verify.notValid")}>
        {resend}
      </LinkOutcome>
    );
  }
  return (
    <EmailLinkConfirm
      endpoint="/api/verify-email"
      token={token.data}
      ask={{ title: t("titles.verifyEmail"), message: t("links.verify.ask"), button: t("links.verify.button") }}
      done={{
        title: t("links.verify.done"),
        actions: [
          { href: "/surveys", label: t("links.verify.browse") },
          { href: "/dashboard", label: t("links.verify.dashboard") },
        ],
      }}
      problem={{ title: t("titles.linkDidNotWork") }}
    >
      {resend}
    </EmailLinkConfirm>
  );
}

export default localised(Page);
