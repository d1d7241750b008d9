import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";
import type { CurrentUser } from "@/lib/auth/guards";
import type { OverviewStat } from "@/lib/dashboards/overview-stats";
import { dashboardLinks } from "@/components/dashboard/links";

/** A role's dashboard home: the person's own numbers first, then where each section leads. */
export async function DashboardOverview({ user, title, intro, stats }: { user: CurrentUser; title: string; intro: string; stats: OverviewStat[] | null }) {
  const t = await getTranslations("dashboard");
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-slate-600">
          {t.rich("overview.welcome", {
            name: user.name || user.email,
            role: t(`roles.${user.role}`),
            em: (chunks) => <span className="font-medium">{chunks}</span>,
          })}
        </p>
      </div>
      <section aria-labelledby="your-numbers">
        <h2 id="your-numbers" className="sr-only">
          {t("overview.yourNumbers")}
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
            {t("overview.loadError")}
          </p>
        )}
      </section>
      <section aria-labelledby="dashboard-sections" className="space-y-3">
        <h2 id="dashboard-sections" className="text-lg font-semibold">
          {t("overview.sections")}
        </h2>
        <p className="text-sm text-slate-600">{intro}</p>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {dashboardLinks[user.role].map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="block h-full rounded-xl border border-slate-200 bg-white p-4 transition hover:border-brand-500 hover:shadow-sm"
              >
                <span className="font-semibold text-brand-800">{t(`links.${link.key}.label`)}</span>
                <span className="mt-1 block text-sm text-slate-600">{t(`links.${link.key}.description`)}</span>
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
