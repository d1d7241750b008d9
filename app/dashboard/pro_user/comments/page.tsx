import type { Metadata } from "next";
import { CommentedSurveys } from "@/components/dashboard/my-surveys";
import { requireCan } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Commented Surveys" };

export default async function Page() {
  const user = await requireCan("/dashboard/pro_user/comments", "viewProUserDashboard");
  return <CommentedSurveys userId={user.id} />;
}
