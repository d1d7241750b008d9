import type { Metadata } from "next";
import { DashboardOverview } from "@/components/dashboard/overview";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function Page() {
  const user = await requireRole("/dashboard/admin", "admin");
  return <DashboardOverview user={user} title="Admin Dashboard" intro="Manage who may do what, keep the survey list clean, and follow payments." />;
}
