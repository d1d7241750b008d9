import type { Metadata } from "next";
import { DashboardOverview } from "@/components/dashboard/overview";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Dashboard" };

export default async function Page() {
  const user = await requireRole("/dashboard/user", "user");
  return <DashboardOverview user={user} title="My Dashboard" intro="Find the surveys you took part in and the ones you reported." />;
}
