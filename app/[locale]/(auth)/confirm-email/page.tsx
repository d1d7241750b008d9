import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmailLinkConfirm } from "@/components/auth/email-link-confirm";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { tokenSchema } from "@/lib/accounts/email-links-schema";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "auth.titles" });
  return { title: t("confirmEmail"), robots: { index: false } };
}

// Opening the link mailed to the new address (a GET, as mail scanners do) changes nothing: the page
// asks, and its button makes it the account's address, verified (POST /api/confirm-email).
async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = tokenSchema.safeParse((await searchParams).token);
  const t = await getTranslations("auth");
  const account = { href: "/dashboard/account#email", label: t("links.toAccount") };
  if (!token.success) {
    return <LinkOutcome tone="problem" title={t("titles.linkNotValid")} message={t("links.confirm.notValid")} actions={[account]} />;
  }
  return (
    <EmailLinkConfirm
      endpoint="/api/confirm-email"
      token={token.data}
      ask={{ title: t("titles.confirmEmail"), message: t("links.confirm.ask"), button: t("links.confirm.button") }}
      done={{ title: t("links.confirm.done"), actions: [account] }}
      problem={{ title: t("titles.linkDidNotWork"), actions: [account] }}
    />
  );
}

export default localised(Page);
