import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { participantFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "dashboard" });
  return { title: t("pages.proUser.title") };
}

async function Page() {
  const user = await requireCan("/dashboard/pro_user", "viewProUserDashboard");
  const stats = await loadStats(() => participantFigures(user.id, "pro_user"));
  const t = await getTranslations("dashboard");
  return <DashboardOverview user={user} stats={stats} title={t("pages.proUser.title")} intro={t("pages.proUser.intro")} />;
}

export default localised(Page);
