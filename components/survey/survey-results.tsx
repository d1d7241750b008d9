import { votesText } from "@/lib/surveys/results-text";
import type { VisibleCounts } from "@/lib/surveys/results-visibility";
import type { VoteValue } from "@/models/enums";
import { ResultsBars } from "./results-bars";
import { IntervalExplained, ResultsHiddenNote, ResultsSummary } from "./results-summary";

const label = (vote: VoteValue) => (vote === "yes" ? "Yes" : "No");

/**
 * 'Survey Results': the total beside the title, the viewer's own vote, the result in words (share,
 * 95 % interval, verdict) and the bar chart with its interval. A survey that keeps its results until
 * its deadline shows the viewer's own vote and when the results will be shown, and no count at all.
 */
export function SurveyResults({
  figures,
  deadline,
  myVote,
}: {
  figures: VisibleCounts;
  deadline: string;
  myVote: { vote: VoteValue; comment: string | null } | null;
}) {
  const shown = figures.resultsHidden ? null : figures;
  const total = shown ? shown.yesCount + shown.noCount : 0;
  return (
    <figure aria-labelledby="survey-results-title" className="space-y-4">
      <h2 id="survey-results-title" className="flex flex-wrap items-baseline gap-x-3 text-xl font-semibold" tabIndex={-1}>
        Survey Results
        {shown && (
          <span className="text-base font-normal text-slate-600" data-testid="results-total">
            {votesText(total)}
          </span>
        )}
      </h2>
      {myVote && (
        <p className="rounded-lg bg-brand-50 px-4 py-2 text-brand-800" data-testid="my-vote">
          You voted <strong>{label(myVote.vote)}</strong>
        </p>
      )}
      {myVote?.comment && (
        <p className="text-sm text-slate-700">
          Your comment: <q className="italic">{myVote.comment}</q>
        </p>
      )}
      {shown ? (
        <>
          <ResultsSummary stats={shown.stats} />
          <div className="max-w-[600px]">
            <ResultsBars yesCount={shown.yesCount} noCount={shown.noCount} stats={shown.stats} caption="Votes on this survey" />
          </div>
          <IntervalExplained />
          <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-live="polite">
            <span data-testid="yes-count">Yes: {shown.yesCount}</span>
            <span data-testid="no-count">No: {shown.noCount}</span>
            <span>Total votes: {total}</span>
          </figcaption>
        </>
      ) : (
        <ResultsHiddenNote deadline={deadline} />
      )}
    </figure>
  );
}
