import type { Metadata } from "next";
import { DashboardOverview } from "@/components/dashboard/overview";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Surveyor Dashboard" };

export default async function Page() {
  const user = await requireRole("/dashboard/surveyor", "surveyor");
  return <DashboardOverview user={user} title="Surveyor Dashboard" intro="Create surveys, follow their results and voters, and read the admins' feedback." />;
}
