import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { LegalPage, LegalSection, legalTags } from "@/components/site/legal-page";
import { PRO_PLAN } from "@/lib/payments/plan";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "legal.terms" });
  return pageMetadata({ title: t("title"), description: t("description"), path: "/terms", locale });
}

const list = "list-disc space-y-2 pl-6";

async function TermsPage() {
  const [t, format] = await Promise.all([getTranslations("legal.terms"), getFormatter()]);
  const currency = PRO_PLAN.currency.toUpperCase();
  const price = format.number(PRO_PLAN.amount / 100, { style: "currency", currency });
  return (
    <LegalPage title={t("title")} updated="2026-11-25">
      <p>{t.rich("intro", legalTags)}</p>

      <LegalSection id="accounts" title={t("accounts.title")}>
        <ul className={list}>
          <li>{t("accounts.name")}</li>
          <li>{t.rich("accounts.password", legalTags)}</li>
          <li>{t("accounts.roles")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="voting" title={t("voting.title")}>
        <ul className={list}>
          <li>{t("voting.once")}</li>
          <li>{t("voting.who")}</li>
          <li>{t("voting.fair")}</li>
          <li>{t("voting.report")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="content" title={t("content.title")}>
        <ul className={list}>
          <li>{t("content.yours")}</li>
          <li>{t("content.public")}</li>
          <li>{t("content.unpublish")}</li>
        </ul>
      </LegalSection>

      <LegalSection id="extended-plan" title={t("plan.title")}>
        <ul className={list}>
          <li>{t("plan.price", { price, currency })}</li>
          <li>{t("plan.start")}</li>
          <li>{t.rich("plan.refund", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="service" title={t("service.title")}>
        <p>{t("service.text")}</p>
      </LegalSection>

      <LegalSection id="ending" title={t("ending.title")}>
        <p>{t.rich("ending.text", legalTags)}</p>
      </LegalSection>

      <LegalSection id="changes" title={t("changes.title")}>
        <p>{t.rich("changes.text", legalTags)}</p>
      </LegalSection>
    </LegalPage>
  );
}

export default localised(TermsPage);
