import type { Metadata } from "next";
import { DashboardOverview, loadStats } from "@/components/dashboard/overview";
import { surveyorFigures } from "@/lib/dashboards/overview-stats";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Surveyor Dashboard" };

export default async function Page() {
  const user = await requireCan("/dashboard/surveyor", "viewSurveyorDashboard");
  const stats = await loadStats(() => surveyorFigures(user.id, getEnv().APP_TIME_ZONE));
  return <DashboardOverview user={user} stats={stats} title="Surveyor Dashboard" intro="Create surveys, follow their results and voters, and read the admins' feedback." />;
}
