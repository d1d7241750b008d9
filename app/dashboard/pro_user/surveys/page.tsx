import type { Metadata } from "next";
import { ParticipatedSurveys } from "@/components/dashboard/my-surveys";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Participated Surveys" };

export default async function Page() {
  const user = await requireRole("/dashboard/pro_user/surveys", "pro_user");
  return <ParticipatedSurveys userId={user.id} />;
}
