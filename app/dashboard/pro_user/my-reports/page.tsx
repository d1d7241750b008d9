import type { Metadata } from "next";
import { ReportedSurveys } from "@/components/dashboard/my-surveys";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Reported Surveys" };

export default async function Page() {
  const user = await requireRole("/dashboard/pro_user/my-reports", "pro_user");
  return <ReportedSurveys userId={user.id} />;
}
