import { useTranslations } from "next-intl";
import type { VisibleCounts } from "@/lib/surveys/results-visibility";
import type { VoteValue } from "@/models/enums";
import { ResultsBars } from "./results-bars";
import { IntervalExplained, ResultsSummary } from "./results-summary";

/**
 * 'Survey Results': the viewer's own vote, then the result in words (the plain reading with the total,
 * said once; the margin; the verdict with its reason), the bar chart on a marked scale, what the range
 * means, and the counts of each answer. Before the first vote, only "No votes yet." A survey that keeps
 * its results until its deadline shows the viewer's own vote and no count at all: when the results
 * come is said once, by the page's own note under the deadline (`ResultsHiddenNote`).
 */
export function SurveyResults({ figures, myVote }: { figures: VisibleCounts; myVote: { vote: VoteValue; comment: string | null } | null }) {
  const t = useTranslations("survey.results");
  const shown = figures.resultsHidden ? null : figures;
  return (
    <figure aria-labelledby="survey-results-title" className="space-y-4">
      <h2 id="survey-results-title" className="text-xl font-semibold" tabIndex={-1}>
        {t("title")}
      </h2>
      {myVote && (
        <p className="rounded-lg bg-brand-50 px-4 py-2 text-brand-800" data-testid="my-vote">
          {t.rich("youVoted", { answer: myVote.vote, strong: (chunks) => <strong>{chunks}</strong> })}
        </p>
      )}
      {myVote?.comment && (
        <p className="text-sm text-slate-700">
          {t.rich("yourComment", { comment: myVote.comment, q: (chunks) => (
              <q className="italic" translate="no">
                {chunks}
              </q>
            ), })}
        </p>
      )}
      {shown && (
        <>
          <ResultsSummary stats={shown.stats} className="text-base sm:text-lg" />
          {shown.stats.n > 0 && (
            <>
              <div className="max-w-[600px]">
                <ResultsBars yesCount={shown.yesCount} noCount={shown.noCount} stats={shown.stats} caption={t("chartCaption")} />
              </div>
              <IntervalExplained />
            </>
          )}
          <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-live="polite">
            <span data-testid="yes-count">{t("yesCount", { count: shown.yesCount })}</span>
            <span data-testid="no-count">{t("noCount", { count: shown.noCount })}</span>
          </figcaption>
        </>
      )}
    </figure>
  );
}
