import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/i18n/intl-island";
import { PageHeading } from "@/components/dashboard/page-heading";
import { SurveyForm } from "@/components/surveyor/survey-form";
import { requireCan } from "@/lib/auth/guards";
import { siteToday } from "@/lib/site-dates";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("create.title") };
}

async function Page() {
  await requireCan("/dashboard/surveyor/create", "viewSurveyorDashboard");
  const t = await getTranslations("surveyor.create");
  return (
    <>
      <PageHeading title={t("title")} intro={t("intro")} />
      {/* Today in the site's time zone, from the server: the browser's own date may differ. */}
      <IntlIsland namespaces={["surveyor"]}>
        <SurveyForm mode="create" minDeadline={siteToday()} />
      </IntlIsland>
    </>
  );
}

export default localised(Page);
