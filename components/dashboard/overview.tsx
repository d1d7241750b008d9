import Link from "next/link";
import { ChangePicture } from "@/components/auth/change-picture";
import type { CurrentUser } from "@/lib/auth/guards";
import { dashboardLinks } from "@/components/dashboard/links";

const roleNames = { admin: "Admin", surveyor: "Surveyor", user: "User", pro_user: "Pro user" } as const;

/** A role's dashboard home: who you are and where each section leads. */
export function DashboardOverview({ user, title, intro }: { user: CurrentUser; title: string; intro: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">
          Welcome, {user.name || user.email}. You are signed in as <span className="font-medium">{roleNames[user.role]}</span>.
        </p>
        <p className="mt-2 text-slate-600">{intro}</p>
      </div>
      <ChangePicture image={user.image} name={user.name || user.email} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {dashboardLinks[user.role].map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow"
            >
              <span className="font-semibold text-brand-800">{link.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{link.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
