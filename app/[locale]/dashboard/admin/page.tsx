import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { AuditList } from "@/components/admin/audit-list";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { adminFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("overview.title") };
}

async function Page() {
  const user = await requireCan("/dashboard/admin", "viewAdminDashboard");
  const [t, locale] = await Promise.all([getTranslations("admin"), getLocale()]);
  const stats = await loadStats(() => adminFigures(getEnv().APP_TIME_ZONE));
  return (
    <div className="space-y-8">
      <DashboardOverview user={user} stats={stats} title={t("overview.title")} intro={t("overview.intro")} />
      <section aria-labelledby="latest-changes">
        <h2 id="latest-changes" className="mb-3 text-xl font-semibold">
          {t("overview.latestChanges")}
        </h2>
        <AuditList limit={10} locale={locale} />
      </section>
    </div>
  );
}

export default localised(Page);
