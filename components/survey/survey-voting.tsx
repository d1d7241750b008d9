"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { ReportButton } from "./report-button";
import { SurveyResults } from "./survey-results";
import { VoteForm } from "./vote-form";
import { fetchVotingState, type VotingState } from "./voting-api";

// Live results: often enough to feel live, rare enough to stay cheap for a server under load.
const POLL_MS = 5000;

function localDate(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  // A calendar date, shown as that same date wherever the viewer is (not shifted by the UTC offset).
  return new Date(y, m - 1, d).toLocaleDateString();
}

/**
 * The personal part of a survey page (vote form, results chart, report button), fetched by the
 * browser so the page itself stays one cached page for everyone.
 */
export function SurveyVoting({ surveyId, deadline }: { surveyId: string; deadline: string }) {
  const pathname = usePathname();
  const [state, setState] = useState<VotingState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchVotingState(surveyId, signal).then(
        (next) => {
          setState(next);
          setLoadError(null);
        },
        (error: unknown) => {
          if (!signal?.aborted) setLoadError(error instanceof Error ? error.message : "Something went wrong");
        },
      ),
    [surveyId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const showResults = !!state && (state.deadlinePassed || state.myVote !== null);

  useEffect(() => {
    if (!showResults) return;
    const tick = () => {
      if (!document.hidden) void load();
    };
    const timer = window.setInterval(tick, POLL_MS);
    // Paused while the tab is hidden; catch up as soon as it is visible again.
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [showResults, load]);

  let body: React.ReactNode;
  let note: string | null = null;
  if (!state) {
    body = loadError ? (
      <p role="alert" className="font-medium text-red-700">
        Error: {loadError}
      </p>
    ) : (
      <Spinner className="py-8" label="Loading the voting form" />
    );
  } else if (showResults) {
    if (state.deadlinePassed) note = `Voting closed at the end of ${localDate(deadline)}.`;
    body = <SurveyResults yesCount={state.yesCount} noCount={state.noCount} myVote={state.myVote} />;
  } else if (!state.signedIn) {
    body = (
      <p className="text-lg">
        Please login to vote this survey!{" "}
        <Link href={`/login?callbackUrl=${encodeURIComponent(pathname)}`} className="font-semibold text-brand-700 underline">
          Login
        </Link>
      </p>
    );
  } else if (!state.canVote) {
    body = <p className="text-slate-700">Only user and pro user accounts can vote on surveys.</p>;
  } else {
    // The page above already says until when voting is open.
    body = (
      <VoteForm
        surveyId={surveyId}
        questionTitle={state.questionTitle}
        questionDescription={state.questionDescription}
        canComment={state.canComment}
        onVoted={(result) => setState({ ...state, yesCount: result.yesCount, noCount: result.noCount, myVote: result })}
        onRefused={() => void load()}
      />
    );
  }

  return (
    <section aria-label="Your vote" className="mt-6 rounded-xl border border-slate-200 p-6 shadow-sm" data-survey-id={surveyId}>
      {(note || (state?.signedIn && state.canVote)) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600">{note}</p>
          {state?.signedIn && state.canVote && <ReportButton surveyId={surveyId} />}
        </div>
      )}
      {body}
      {loadError && state && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Error: {loadError}
        </p>
      )}
    </section>
  );
}
