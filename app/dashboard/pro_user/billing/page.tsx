import type { Metadata } from "next";
import { Billing } from "@/components/payment/billing";
import { requireCan } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Billing" };

export default async function Page() {
  const user = await requireCan("/dashboard/pro_user/billing", "viewProUserDashboard");
  return <Billing userId={user.id} />;
}
