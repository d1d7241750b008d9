import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Manage Users" };

export default async function Page() {
  await requireRole("/dashboard/admin/users", "admin");
  return <h1 className="text-2xl font-bold">Manage Users</h1>;
}
