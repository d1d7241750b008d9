"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import dynamic from "next/dynamic";
import { cumulativeVotes } from "@/components/surveyor/cumulative-votes";
import type { VotesOnDay } from "@/lib/surveys/queries";
import { formatDate } from "@/lib/dates";

const VotesOverTimeChart = dynamic(() => import("./votes-over-time-chart"), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />,
});

/**
 * The running totals of yes and no since the survey was created (site time zone), drawn as steps that
 * only rise, each day's own votes in the tooltip; the figures as a table for screen readers (the
 * drawing itself is hidden from them), as in the results chart. Before the first vote there is nothing
 * to draw: "No votes yet." alone, no empty chart.
 */
export function VotesOverTime({ days, totals }: { days: VotesOnDay[]; totals: { yes: number; no: number } }) {
  const t = useTranslations("surveyor.overTime");
  const locale = usePageLocale();
  const series = cumulativeVotes(days, totals);
  const total = days.reduce((n, d) => n + d.yes + d.no, 0);
  const busiest = days.reduce<VotesOnDay | null>((best, d) => (d.yes + d.no > (best ? best.yes + best.no : 0) ? d : best), null);
  const summary =
    total === 0 || !busiest
      ? t("noVotes")
      : t("summary", { total, days: days.length, date: formatDate(busiest.day, locale), busiest: busiest.yes + busiest.no });
  const votingDays = series.filter((d) => d.yes + d.no > 0);
  return (
    <section aria-labelledby="votes-over-time-title" className="rounded-xl border border-slate-200 p-4" data-testid="votes-over-time">
      <h2 id="votes-over-time-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="votes-over-time-summary">
        {summary}
      </p>
      {total > 0 && (
        <>
          <div aria-hidden="true" className="mt-3 h-[240px] w-full" data-testid="votes-over-time-chart">
            <VotesOverTimeChart series={series} />
          </div>
          {/* The clipping box is a div: a table is never narrower than its cells, whatever its width says. */}
          <div className="sr-only">
            <table>
              <caption>{t("caption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("day")}</th>
                  <th scope="col">{t("yesThatDay")}</th>
                  <th scope="col">{t("noThatDay")}</th>
                  <th scope="col">{t("yesSoFar")}</th>
                  <th scope="col">{t("noSoFar")}</th>
                </tr>
              </thead>
              <tbody>
                {votingDays.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{formatDate(d.day, locale)}</th>
                    <td>{d.yes}</td>
                    <td>{d.no}</td>
                    <td>{d.yesSoFar}</td>
                    <td>{d.noSoFar}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
