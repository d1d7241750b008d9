"use client";

import dynamic from "next/dynamic";
import type { VotesOnDay } from "@/lib/services/surveys";
import { formatDate } from "@/lib/dates";

const VotesOverTimeChart = dynamic(() => import("./votes-over-time-chart"), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />,
});

/** Yes and no votes per day since the survey was created (site time zone). */
export function VotesOverTime({ days }: { days: VotesOnDay[] }) {
  const total = days.reduce((n, d) => n + d.yes + d.no, 0);
  const busiest = days.reduce<VotesOnDay | null>((best, d) => (d.yes + d.no > (best ? best.yes + best.no : 0) ? d : best), null);
  const summary =
    total === 0 || !busiest
      ? "No votes yet."
      : `${total} votes over ${days.length} ${days.length === 1 ? "day" : "days"}; the busiest day was ${formatDate(busiest.day)} with ${busiest.yes + busiest.no}.`;
  return (
    <section aria-labelledby="votes-over-time-title" className="rounded-xl border border-slate-200 p-4" data-testid="votes-over-time">
      <h2 id="votes-over-time-title" className="text-lg font-semibold">
        Votes over time
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="votes-over-time-summary">
        {summary}
      </p>
      <div role="img" aria-label={`Line chart of yes and no votes per day. ${summary}`} className="mt-3 h-[220px] w-full">
        <VotesOverTimeChart days={days} />
      </div>
    </section>
  );
}
