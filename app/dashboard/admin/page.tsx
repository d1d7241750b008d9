import type { Metadata } from "next";
import { AuditList } from "@/components/admin/audit-list";
import { DashboardOverview } from "@/components/dashboard/overview";
import { requireRole } from "@/lib/auth/guards";

export const metadata: Metadata = { title: "Admin Dashboard" };

export default async function Page() {
  const user = await requireRole("/dashboard/admin", "admin");
  return (
    <div className="space-y-8">
      <DashboardOverview user={user} title="Admin Dashboard" intro="Manage who may do what, keep the survey list clean, and follow payments." />
      <section aria-labelledby="latest-changes">
        <h2 id="latest-changes" className="mb-3 text-xl font-semibold">
          Latest changes
        </h2>
        <AuditList limit={10} />
      </section>
    </div>
  );
}
