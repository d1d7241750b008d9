import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Reported Surveys" };

export default async function Page() {
  await requireRole("/dashboard/pro_user/my-reports", "pro_user");
  return <h1 className="text-2xl font-bold">My Reported Surveys</h1>;
}
