import Link from "next/link";
import type { CurrentUser } from "@/lib/auth/guards";
import type { OverviewStat } from "@/lib/dashboards/overview-stats";
import { dashboardLinks } from "@/components/dashboard/links";

const roleNames = { admin: "Admin", surveyor: "Surveyor", user: "User", pro_user: "Pro user" } as const;

/** A role's dashboard home: the person's own numbers first, then where each section leads. */
export function DashboardOverview({ user, title, intro, stats }: { user: CurrentUser; title: string; intro: string; stats: OverviewStat[] | null }) {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">
          Welcome, {user.name || user.email}. You are signed in as <span className="font-medium">{roleNames[user.role]}</span>.
        </p>
      </div>
      <section aria-labelledby="your-numbers">
        <h2 id="your-numbers" className="sr-only">
          Your numbers
        </h2>
        {stats ? (
          <dl className="grid gap-3 sm:grid-cols-3" data-testid="overview-stats">
            {stats.map((s) => (
              <div key={s.label} className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                <dt className="text-sm font-medium text-slate-600">
                  {s.href ? (
                    <Link href={s.href} className="after:absolute after:inset-0 hover:text-brand-800">
                      {s.label}
                    </Link>
                  ) : (
                    s.label
                  )}
                </dt>
                <dd className="mt-1 text-3xl font-bold tabular-nums text-slate-900">{s.value}</dd>
                {s.hint && <dd className="mt-1 text-xs text-slate-500">{s.hint}</dd>}
              </div>
            ))}
          </dl>
        ) : (
          <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
            Error: your numbers could not be loaded. Please try again in a moment.
          </p>
        )}
      </section>
      <section aria-labelledby="dashboard-sections" className="space-y-3">
        <h2 id="dashboard-sections" className="text-lg font-semibold">
          Sections
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {dashboardLinks[user.role].map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 transition hover:border-brand-500 hover:shadow-sm"
              >
                <span className="font-semibold text-brand-800">{link.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{link.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** Runs the overview's count queries; a failure shows an error line instead of breaking the page. */
export async function loadStats(query: () => Promise<OverviewStat[]>): Promise<OverviewStat[] | null> {
  try {
    return await query();
  } catch (error) {
    console.error("Dashboard figures failed", error);
    return null;
  }
}
