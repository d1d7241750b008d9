import type { Metadata } from "next";
import { Billing } from "@/components/payment/billing";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Billing" };

export default async function Page() {
  const user = await requireRole("/dashboard/pro_user/billing", "pro_user");
  return <Billing userId={user.id} />;
}
