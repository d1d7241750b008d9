// clsx, not tailwind-merge (`cn`, about 8 kB of script): callers add spacing and size, never a class
// these set, so there is nothing to merge.
import { clsx as cn } from "clsx";
import { formatDate } from "@/lib/dates";
import { INTERVAL_EXPLAINED, NO_VOTES_TEXT, resultReading } from "@/lib/surveys/results-text";
import type { ResultStats } from "@/lib/surveys/stats";

/**
 * A result in words, in the order its readers need it: the plain reading with the total ("Most voters
 * said No: 90% of 41 votes."), the margin ("With this many votes, the true share saying No could be
 * anywhere from 77% to 96%.") and the verdict with its reason ("No leads: even the low end of that
 * range is above 50%."); "No votes yet." with none. The total is said here and nowhere else beside it.
 * No hooks: rendered on the server where it can be, and by the survey page's vote part.
 */
export function ResultsSummary({ stats, className }: { stats: ResultStats; className?: string }) {
  const reading = resultReading(stats);
  return (
    <div className={cn("space-y-1 text-slate-800", className)} data-testid="results-summary">
      {reading ? (
        <>
          <p className="font-semibold text-slate-900" data-testid="results-reading">
            {reading.lead} <span data-testid="results-total">{reading.total}</span>.
          </p>
          <p data-testid="results-margin">{reading.margin}</p>
          <p data-testid="results-verdict-line">
            <strong className="font-semibold" data-testid="results-verdict">
              {reading.verdict}
            </strong>
            : {reading.reason}
          </p>
        </>
      ) : (
        <p data-testid="results-empty">{NO_VOTES_TEXT}</p>
      )}
    </div>
  );
}

/** What the range and the verdict are, in one muted line. */
export function IntervalExplained({ className }: { className?: string }) {
  return <p className={cn("text-sm text-slate-600", className)}>{INTERVAL_EXPLAINED}</p>;
}

/** "Results are shown after voting closes at the end of Jan 21, 2027." (`hiddenResultsText`): no counts until then. */
export function ResultsHiddenNote({ deadline, className, testId = "results-hidden" }: { deadline: string; className?: string; testId?: string }) {
  return (
    <p className={cn("rounded-lg bg-slate-100 px-4 py-2 text-slate-800", className)} data-testid={testId}>
      Results are shown after voting closes at the end of <time dateTime={deadline}>{formatDate(deadline)}</time>.
    </p>
  );
}
