// clsx, not tailwind-merge (`cn`, about 8 kB of script): callers add spacing and size, never a class
// these set, so there is nothing to merge.
import { clsx as cn } from "clsx";
import { formatDate } from "@/lib/dates";
import { INTERVAL_EXPLAINED, resultParts } from "@/lib/surveys/results-text";
import type { ResultStats } from "@/lib/surveys/stats";

const Separator = () => (
  <>
    <span aria-hidden="true"> · </span>
    <span className="sr-only">, </span>
  </>
);

/**
 * A result in words: "Yes 62% (95% interval 51–72%) · Yes leads · 84 votes" ("No votes yet" with
 * none). No hooks: rendered on the server where it can be, and by the survey page's vote part.
 */
export function ResultsSummary({ stats, className }: { stats: ResultStats; className?: string }) {
  const parts = resultParts(stats);
  return (
    <p className={cn("text-slate-800", className)} data-testid="results-summary">
      {parts ? (
        <>
          <span className="font-semibold">{parts.share}</span> <span className="text-slate-700">({parts.interval})</span>
          <Separator />
          <strong className="font-semibold" data-testid="results-verdict">
            {parts.verdict}
          </strong>
          <Separator />
          <span>{parts.votes}</span>
        </>
      ) : (
        "No votes yet"
      )}
    </p>
  );
}

/** What the interval and the verdict mean, in one muted line. */
export function IntervalExplained({ className }: { className?: string }) {
  return <p className={cn("text-sm text-slate-600", className)}>{INTERVAL_EXPLAINED}</p>;
}

/** "Results are shown when the survey closes on Jan 21, 2027.": no counts until then. */
export function ResultsHiddenNote({ deadline, className, testId = "results-hidden" }: { deadline: string; className?: string; testId?: string }) {
  return (
    <p className={cn("rounded-lg bg-slate-100 px-4 py-2 text-slate-800", className)} data-testid={testId}>
      Results are shown when the survey closes on <time dateTime={deadline}>{formatDate(deadline)}</time>.
    </p>
  );
}
