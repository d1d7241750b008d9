import { SiteShell } from "@/components/site/site-shell";
import { requireUser } from "@/lib/auth/guards";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  await requireUser("/dashboard");
  return <SiteShell>{children}</SiteShell>;
}
