import type { Metadata } from "next";
import { ParticipatedSurveys } from "@/components/dashboard/my-surveys";
import { requireCan } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Participated Surveys" };

export default async function Page() {
  const user = await requireCan("/dashboard/pro_user/surveys", "viewProUserDashboard");
  return <ParticipatedSurveys userId={user.id} />;
}
