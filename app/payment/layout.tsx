import { SiteShell } from "@/components/site/site-shell";
import { requireUser } from "@/lib/auth/guards";

export default async function PaymentLayout({ children }: { children: React.ReactNode }) {
  await requireUser("/payment");
  return <SiteShell>{children}</SiteShell>;
}
