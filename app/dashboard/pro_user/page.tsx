import type { Metadata } from "next";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { participantFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Dashboard" };

export default async function Page() {
  const user = await requireCan("/dashboard/pro_user", "viewProUserDashboard");
  const stats = await loadStats(() => participantFigures(user.id, "pro_user"));
  return <DashboardOverview user={user} stats={stats} title="My Dashboard" intro="Find the surveys you took part in, the ones you reported, and your comments." />;
}
