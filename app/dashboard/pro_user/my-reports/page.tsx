import type { Metadata } from "next";
import { ReportedSurveys } from "@/components/dashboard/my-surveys";
import { requireCan } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Reported Surveys" };

export default async function Page() {
  const user = await requireCan("/dashboard/pro_user/my-reports", "viewProUserDashboard");
  return <ReportedSurveys userId={user.id} />;
}
