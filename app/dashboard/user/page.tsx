import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "My Dashboard" };

export default async function Page() {
  await requireRole("/dashboard/user", "user");
  return <h1 className="text-2xl font-bold">My Dashboard</h1>;
}
