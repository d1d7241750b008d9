import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { surveyorFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("overview.title") };
}

async function Page() {
  const user = await requireCan("/dashboard/surveyor", "viewSurveyorDashboard");
  const stats = await loadStats(() => surveyorFigures(user.id, getEnv().APP_TIME_ZONE));
  const t = await getTranslations("surveyor");
  return <DashboardOverview user={user} stats={stats} title={t("overview.title")} intro={t("overview.intro")} />;
}

export default localised(Page);
