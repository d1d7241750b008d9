import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LegalPage, LegalSection, legalTags } from "@/components/site/legal-page";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "legal.privacy" });
  return pageMetadata({ title: t("title"), description: t("description"), path: "/privacy", locale });
}

const list = "list-disc space-y-2 pl-6";

// Written from what the product really stores (models/), the cookies Auth.js sets, what Stripe
// receives and what the server logs; change it (messages/legal, in every language) when any of those change.
async function PrivacyPage() {
  const t = await getTranslations("legal.privacy");
  return (
    <LegalPage title={t("title")} updated="2026-11-27">
      <p>{t("intro")}</p>

      <LegalSection id="browsing" title={t("browsing.title")}>
        <p>{t("browsing.text")}</p>
      </LegalSection>

      <LegalSection id="account" title={t("account.title")}>
        <ul className={list}>
          <li>{t.rich("account.profile", legalTags)}</li>
          <li>{t.rich("account.password", legalTags)}</li>
          <li>{t.rich("account.role", legalTags)}</li>
          <li>{t.rich("account.browsers", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="activity" title={t("activity.title")}>
        <ul className={list}>
          <li>{t.rich("activity.votes", legalTags)}</li>
          <li>{t.rich("activity.reports", legalTags)}</li>
          <li>{t.rich("activity.surveys", legalTags)}</li>
          <li>{t.rich("activity.actions", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="payments" title={t("payments.title")}>
        <p>{t("payments.text")}</p>
      </LegalSection>

      <LegalSection id="email" title={t("email.title")}>
        <p>{t("email.text")}</p>
        <ul className={list}>
          <li>{t.rich("email.verified", legalTags)}</li>
          <li>{t.rich("email.mails", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="contact-messages" title={t("messages.title")}>
        <p>{t("messages.text")}</p>
      </LegalSection>

      <LegalSection id="cookies" title={t("cookies.title")}>
        <p>{t("cookies.text")}</p>
        <ul className={list}>
          <li>{t.rich("cookies.session", legalTags)}</li>
          <li>{t.rich("cookies.security", legalTags)}</li>
          <li>{t.rich("cookies.language", legalTags)}</li>
          <li>{t.rich("cookies.storage", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="security" title={t("security.title")}>
        <ul className={list}>
          <li>{t.rich("security.attempts", legalTags)}</li>
          <li>{t.rich("security.logs", legalTags)}</li>
        </ul>
      </LegalSection>

      <LegalSection id="retention" title={t("retention.title")}>
        <p>{t("retention.text")}</p>
      </LegalSection>

      <LegalSection id="your-rights" title={t("rights.title")}>
        <p>{t.rich("rights.text", legalTags)}</p>
      </LegalSection>

      <LegalSection id="changes" title={t("changes.title")}>
        <p>{t.rich("changes.text", legalTags)}</p>
      </LegalSection>
    </LegalPage>
  );
}

export default localised(PrivacyPage);
