import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Surveyor Dashboard" };

export default async function Page() {
  await requireRole("/dashboard/surveyor", "surveyor");
  return <h1 className="text-2xl font-bold">Surveyor Dashboard</h1>;
}
