import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function Page() {
  await requireRole("/dashboard/admin", "admin");
  return <h1 className="text-2xl font-bold">Admin Dashboard</h1>;
}
