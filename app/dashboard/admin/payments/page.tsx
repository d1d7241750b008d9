import type { Metadata } from "next";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Payment Information" };

export default async function Page() {
  await requireRole("/dashboard/admin/payments", "admin");
  return <h1 className="text-2xl font-bold">Payment Information</h1>;
}
