import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Survey List" };

export default async function Page() {
  await requireRole("/dashboard/surveyor/feedbacks", "surveyor");
  return <h1 className="text-2xl font-bold">Survey List</h1>;
}
