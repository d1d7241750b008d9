"use client";

import dynamic from "next/dynamic";
import type { VoteValue } from "@/models/enums";

const ResultsChart = dynamic(() => import("./results-chart"), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />,
});

const label = (vote: VoteValue) => (vote === "yes" ? "Yes" : "No");

/** The 'Survey Results' bar chart (600 by 300, narrower on small screens) and the viewer's own vote. */
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
      <h2 id="survey-results-title" className="text-xl font-semibold">
        Survey Results
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
      <div
        role="img"
        aria-label={`Bar chart of the votes: Yes ${yesCount}, No ${noCount}`}
        className="h-[300px] w-full max-w-[600px]"
        data-testid="results-chart"
      >
        <ResultsChart yesCount={yesCount} noCount={noCount} />
      </div>
      <figcaption className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700" aria-live="polite">
        <span data-testid="yes-count">Yes: {yesCount}</span>
        <span data-testid="no-count">No: {noCount}</span>
        <span>Total votes: {total}</span>
      </figcaption>
    </figure>
  );
}
