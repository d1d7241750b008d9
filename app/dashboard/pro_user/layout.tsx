import { Sidebar } from "@/components/dashboard/sidebar";
import { requireCan } from "@/lib/auth/guards";

// Checked on the server on every request, reading the role from the database.
export default async function Layout({ children }: { children: React.ReactNode }) {
  await requireCan("/dashboard/pro_user", "viewProUserDashboard");
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <Sidebar role="pro_user" />
      <section className="min-w-0">{children}</section>
    </div>
  );
}
