import { Sidebar } from "@/components/dashboard/sidebar";
import type { Role } from "@/models/enums";

/** The frame of every dashboard page: the role's sidebar beside the page. */
export function DashboardShell({ role, children }: { role: Role; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <Sidebar role={role} />
      <section className="min-w-0">{children}</section>
    </div>
  );
}
