import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Manage Surveys" };

export default async function Page() {
  await requireRole("/dashboard/admin/surveys", "admin");
  return <h1 className="text-2xl font-bold">Manage Surveys</h1>;
}
