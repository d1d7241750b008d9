import type { Metadata } from "next";
import { AuditList } from "@/components/admin/audit-list";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { adminFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function Page() {
  const user = await requireCan("/dashboard/admin", "viewAdminDashboard");
  const stats = await loadStats(() => adminFigures(getEnv().APP_TIME_ZONE));
  return (
    <div className="space-y-8">
      <DashboardOverview user={user} stats={stats} title="Admin Dashboard" intro="Manage who may do what, keep the survey list clean, and follow payments." />
      <section aria-labelledby="latest-changes">
        <h2 id="latest-changes" className="mb-3 text-xl font-semibold">
          Latest changes
        </h2>
        <AuditList limit={10} />
      </section>
    </div>
  );
}
