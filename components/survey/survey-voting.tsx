"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/dates";
import { SurveyResults } from "./survey-results";
import { useLiveFigures, type LiveFigures } from "./use-live-figures";

// Live results: the shared figures pushed by the server while a chart is shown (polled if the stream
// is refused: use-live-figures.ts); the viewer's own vote is read once, by the signed-in part.

// Only signed-in people get the vote form, the report dialog and what they need (react-hook-form,
// zod, Radix's dialog, toasts): a separate chunk, loaded once the session is known.
const SignedInVoting = dynamic(() => import("./signed-in-voting"), {
  ssr: false,
  loading: () => <Spinner className="py-8" label="Loading the voting form" />,
});

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
