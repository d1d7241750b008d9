import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { requireCan } from "@/lib/auth/guards";
import { localised } from "@/lib/i18n/server";

// Checked on the server on every request, reading the role from the database.
async function Layout({ children }: { children: React.ReactNode }) {
  await requireCan("/dashboard/pro_user", "viewProUserDashboard");
  return <DashboardShell role="pro_user">{children}</DashboardShell>;
}

export default localised(Layout);
