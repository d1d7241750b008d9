import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Commented Surveys" };

export default async function Page() {
  await requireRole("/dashboard/user/comments", "pro_user");
  return <h1 className="text-2xl font-bold">My Commented Surveys</h1>;
}
