// clsx, not tailwind-merge (`cn`, about 8 kB of script): callers add spacing and size, never a class
// these set, so there is nothing to merge.
import { clsx as cn } from "clsx";
import { useLocale, useTranslations } from "next-intl";
import { formatDate } from "@/lib/dates";
import { intervalExplained, noVotesText, resultReading } from "@/lib/surveys/results-text";
import type { ResultStats } from "@/lib/surveys/stats";

/**
 * A result in words, in the order its readers need it: the plain reading with the total ("Most voters
 * said No: 90% of 41 votes."), the margin ("With this many votes, the true share saying No could be
 * anywhere from 77% to 96%.") and the verdict with its reason ("No leads: even the low end of that
 * range is above 50%."); "No votes yet." with none. The total is said here and nowhere else beside it.
 * Rendered on the server where it can be, and in the browser by the survey page's vote part and the
 * surveyor's live figures (inside an island with the `survey` texts).
 */
export function ResultsSummary({ stats, className }: { stats: ResultStats; className?: string }) {
  const t = useTranslations("survey.results");
  const reading = resultReading(stats, t);
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
        <p data-testid="results-empty">{noVotesText(t)}</p>
      )}
    </div>
  );
}

/** What the range and the verdict are, in one muted line. */
export function IntervalExplained({ className }: { className?: string }) {
  const t = useTranslations("survey.results");
  return <p className={cn("text-sm text-slate-600", className)}>{intervalExplained(t)}</p>;
}

/** "Results are shown after voting closes at the end of Jan 21, 2027." (`hiddenResultsText`): no counts until then. */
export function ResultsHiddenNote({ deadline, className, testId = "results-hidden" }: { deadline: string; className?: string; testId?: string }) {
  const t = useTranslations("survey.results");
  const date = formatDate(deadline, useLocale());
  return (
    <p className={cn("rounded-lg bg-slate-100 px-4 py-2 text-slate-800", className)} data-testid={testId}>
      {t.rich("hiddenNote", { date, time: (chunks) => <time dateTime={deadline}>{chunks}</time> })}
    </p>
  );
}
