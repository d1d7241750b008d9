import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { UnsubscribeConfirm } from "@/components/auth/unsubscribe-button";
import { readUnsubscribeToken } from "@/lib/mail/unsubscribe";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "auth.titles" });
  return { title: t("unsubscribe"), robots: { index: false } };
}

// The page of a mail's "Stop these emails" link: it asks before changing anything, then says what it did.
async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = (await searchParams).token;
  const token = typeof raw === "string" ? raw : "";
  const target = readUnsubscribeToken(token);
  if (!target) {
    const t = await getTranslations("auth");
    return (
      <LinkOutcome
        tone="problem"
        title={t("titles.linkNotValid")}
        message={t("unsubscribe.notValid")}
        actions={[{ href: "/dashboard/account", label: t("links.toAccount") }]}
      />
    );
  }
  return <UnsubscribeConfirm token={token} kind={target.kind} />;
}

export default localised(Page);
