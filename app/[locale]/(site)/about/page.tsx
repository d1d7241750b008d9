import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { legalTags } from "@/components/site/legal-page";
import { LocationMap, OFFICE } from "@/components/site/location-map";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "legal.about" });
  return pageMetadata({ title: t("title"), description: t("description"), path: "/about", locale });
}

async function AboutPage() {
  const t = await getTranslations("legal.about");
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-3xl font-bold">{t("title")}</h1>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div className="space-y-4 text-slate-700">
          <p>{t("founded")}</p>
          <p>{t("surveyors")}</p>
          <p>{t("honest")}</p>
          <h2 className="pt-4 text-xl font-semibold">{t("whereHeading")}</h2>
          {/* A postal address: written as the post reads it, in every language. */}
          <address className="not-italic" translate="no">
            {OFFICE.name}
            <br />
            {OFFICE.street}
            <br />
            {OFFICE.city}
          </address>
          <p>{t.rich("questions", legalTags)}</p>
        </div>
        <LocationMap />
      </div>
    </div>
  );
}

export default localised(AboutPage);
