import type { Metadata } from "next";
import { CommentedSurveys } from "@/components/dashboard/my-surveys";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Commented Surveys" };

export default async function Page() {
  const user = await requireRole("/dashboard/pro_user/comments", "pro_user");
  return <CommentedSurveys userId={user.id} />;
}
