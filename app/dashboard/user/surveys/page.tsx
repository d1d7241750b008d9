import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Participated Surveys" };

export default async function Page() {
  await requireRole("/dashboard/user/surveys", "user");
  return <h1 className="text-2xl font-bold">Participated Surveys</h1>;
}
