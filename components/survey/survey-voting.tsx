"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/dates";
import type { VisibleCounts } from "@/lib/results-visibility";
import { SurveyResults } from "./survey-results";

/**
 * The shared figures of a survey page: its counts with their stats (computed by the server, all null
 * while the survey keeps its results until its deadline) and whether voting has ended.
 */
export type LiveFigures = VisibleCounts & { deadlinePassed: boolean };

/** The figures of an answer that carries them (the live results, the voting state, a vote). */
export const figuresOf = (answer: LiveFigures): LiveFigures =>
  answer.resultsHidden
    ? { yesCount: null, noCount: null, stats: null, resultsHidden: true, deadlinePassed: answer.deadlinePassed }
    : { yesCount: answer.yesCount, noCount: answer.noCount, stats: answer.stats, resultsHidden: false, deadlinePassed: answer.deadlinePassed };

// Live results: the shared figures (GET /api/survey/{id}/results, cached a second on the server)
// every few seconds while a chart is shown; the viewer's own vote is read once, by the signed-in part.
const POLL_MS = 5000;

// Only signed-in people get the vote form, the report dialog and what they need (react-hook-form,
// zod, Radix's dialog, toasts): a separate chunk, loaded once the session is known.
const SignedInVoting = dynamic(() => import("./signed-in-voting"), {
  ssr: false,
  loading: () => <Spinner className="py-8" label="Loading the voting form" />,
});

function useLiveFigures(surveyId: string, initial: LiveFigures, live: boolean) {
  const [figures, setFigures] = useState(initial);
  useEffect(() => {
    if (!live) return;
    const tick = () => {
      if (document.hidden) return;
      fetch(`/api/survey/${surveyId}/results`)
        .then((r) => (r.ok ? (r.json() as Promise<LiveFigures>) : null))
        .then((next) => next && setFigures(figuresOf(next)))
        .catch(() => {});
    };
    const timer = window.setInterval(tick, POLL_MS);
    // Paused while the tab is hidden; catch up as soon as it is visible again.
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [surveyId, live]);
  return [figures, setFigures] as const;
}

/**
 * The vote / results part of a survey page. The page is one cached page for everyone, rendered with
 * the figures of its last refresh; who is viewing is known only in the browser.
 */
export function SurveyVoting({ surveyId, deadline, initial }: { surveyId: string; deadline: string; initial: LiveFigures }) {
  const pathname = usePathname();
  const viewer = useCurrentUser();
  const [live, setLive] = useState(false);
  const [figures, setFigures] = useLiveFigures(surveyId, initial, live);
  const signedIn = viewer.status === "ready" && viewer.user !== null;

  let body: React.ReactNode;
  if (signedIn) {
    body = <SignedInVoting surveyId={surveyId} deadline={deadline} figures={figures} onFigures={setFigures} onLive={setLive} />;
  } else if (figures.deadlinePassed) {
    body = <SurveyResults figures={figures} deadline={deadline} myVote={null} />;
  } else if (viewer.status === "loading") {
    body = <Spinner className="py-8" label="Loading the voting form" />;
  } else {
    body = (
      <p className="text-lg">
        Please login to vote this survey!{" "}
        <Link href={`/login?callbackUrl=${encodeURIComponent(pathname)}`} prefetch={false} className="font-semibold text-brand-700 underline">
          Login
        </Link>
      </p>
    );
  }

  return (
    <section aria-label="Your vote" className="mt-6 rounded-xl border border-slate-200 p-5 shadow-sm sm:p-6" data-survey-id={surveyId}>
      {figures.deadlinePassed && <p className="mb-4 text-sm text-slate-600">Voting closed on {formatDate(deadline)}</p>}
      {body}
    </section>
  );
}
