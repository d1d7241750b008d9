import { DashboardShell } from "@/components/dashboard/dashboard-shell";
import { requireUser } from "@/lib/auth/guards";
import { localised } from "@/lib/i18n/server";

// Every role's own account page, beside that role's sidebar; checked on the server on every request.
async function Layout({ children }: { children: React.ReactNode }) {
  const user = await requireUser("/dashboard/account");
  return <DashboardShell role={user.role}>{children}</DashboardShell>;
}

export default localised(Layout);
