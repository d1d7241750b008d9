import type { Metadata } from "next";
import { DashboardOverview } from "@/components/dashboard/overview";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Dashboard" };

export default async function Page() {
  const user = await requireRole("/dashboard/pro_user", "pro_user");
  return <DashboardOverview user={user} title="My Dashboard" intro="Find the surveys you took part in, the ones you reported, and your comments." />;
}
