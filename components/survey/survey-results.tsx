import type { VoteValue } from "@/models/enums";
import { ResultsBars } from "./results-bars";

const label = (vote: VoteValue) => (vote === "yes" ? "Yes" : "No");

/** 'Survey Results': the total beside the title, the viewer's own vote, and the bar chart. */
export function SurveyResults({
  yesCount,
  noCount,
  myVote,
}: {
  yesCount: number;
  noCount: number;
  myVote: { vote: VoteValue; comment: string | null } | null;
}) {
  const total = yesCount + noCount;
  return (
    <figure aria-labelledby="survey-results-title" className="space-y-4">
      <h2 id="survey-results-title" className="flex flex-wrap items-baseline gap-x-3 text-xl font-semibold" tabIndex={-1}>
        Survey Results
        <span className="text-base font-normal text-slate-600" data-testid="results-total">
          {total === 1 ? "1 vote" : `${total} votes`}
        </span>
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
      <div className="max-w-[600px]">
        <ResultsBars yesCount={yesCount} noCount={noCount} caption="Votes on this survey" />
      </div>
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-live="polite">
        <span data-testid="yes-count">Yes: {yesCount}</span>
        <span data-testid="no-count">No: {noCount}</span>
        <span>Total votes: {total}</span>
      </figcaption>
    </figure>
  );
}
