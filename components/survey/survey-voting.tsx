"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/dates";
import { ReportButton } from "./report-button";
import { SurveyResults } from "./survey-results";
import { VoteForm } from "./vote-form";
import { fetchVotingState, type VotingState } from "./voting-api";

// Live results: often enough to feel live, rare enough to stay cheap for a server under load.
const POLL_MS = 5000;

/**
 * The personal part of a survey page (vote form, results chart, report button), fetched by the
 * browser so the page itself stays one cached page for everyone.
 */
export function SurveyVoting({ surveyId, deadline }: { surveyId: string; deadline: string }) {
  const pathname = usePathname();
  const [state, setState] = useState<VotingState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // After a vote: what the live region says, and focus moves to the results' heading.
  const [announcement, setAnnouncement] = useState("");
  const justVoted = useRef(false);

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

  useEffect(() => {
    if (!justVoted.current || !showResults) return;
    const heading = document.getElementById("survey-results-title");
    if (heading) {
      heading.setAttribute("tabindex", "-1");
      heading.focus();
    }
    justVoted.current = false;
  }, [showResults]);

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
    if (state.deadlinePassed) note = `Voting closed on ${formatDate(deadline)}`;
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
        onVoted={(result) => {
          setState({ ...state, yesCount: result.yesCount, noCount: result.noCount, myVote: result });
          setAnnouncement(
            `Your vote counted: ${result.vote === "yes" ? "Yes" : "No"}. Results: Yes ${result.yesCount}, No ${result.noCount}.`,
          );
          justVoted.current = true;
        }}
        onRefused={() => void load()}
      />
    );
  }

  return (
    <section aria-label="Your vote" className="mt-6 rounded-xl border border-slate-200 p-5 shadow-sm sm:p-6" data-survey-id={surveyId}>
      {note && <p className="mb-4 text-sm text-slate-600">{note}</p>}
      {body}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* Answers first; Report is a quiet secondary action after them. */}
      {state?.signedIn && state.canVote && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className="text-sm text-slate-600">Something wrong here?</p>
          <ReportButton surveyId={surveyId} reported={state.reported} />
        </div>
      )}
      {loadError && state && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Error: {loadError}
        </p>
      )}
    </section>
  );
}
