import { Sidebar } from "@/components/dashboard/sidebar";
import { requireUser } from "@/lib/auth/guards";

// Every role's own account page, beside that role's sidebar; checked on the server on every request.
export default async function Layout({ children }: { children: React.ReactNode }) {
  const user = await requireUser("/dashboard/account");
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <Sidebar role={user.role} />
      <section className="min-w-0">{children}</section>
    </div>
  );
}
