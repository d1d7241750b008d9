"use client";

import { useEffect, useRef } from "react";
import { useLiveFigures, type LiveFigures } from "@/components/survey/use-live-figures";
import { hiddenResultsText, rangeText, votesText } from "@/lib/surveys/results-text";
import { countsShown } from "@/lib/surveys/results-visibility";
import { VOTE_COLOURS } from "@/lib/votes/vote-colours";

/** The message the embed posts to the page that frames it whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = "opinex:embed-height";

/** What an open survey's embed says instead of the yes/no split, which its page shows only to voters. */
export const OPEN_RESULTS_TEXT = "The results show to those who voted, and to everyone once voting closes.";

/**
 * The embed's result, as the survey page shows it to a signed-out visitor (`countsShown`, nobody has
 * voted in a frame): once voting has ended, one bar split into Yes and No and the figures in words with
 * the yes share's 95 % interval and the verdict; while it is open, only how many voted; for a survey
 * that keeps its results until its deadline, when they will be shown. Kept live while the frame is on
 * screen (pushed by the server, or polled: use-live-figures.ts); and the frame's height, posted to the
 * parent page (`{ type: "opinex:embed-height", surveyId, height }`) so it can fit the frame to its content.
 */
export function EmbedResults({ surveyId, deadline, initial, dark }: { surveyId: string; deadline: string; initial: LiveFigures; dark: boolean }) {
  const [figures] = useLiveFigures(surveyId, initial);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const card = root.current?.closest("[data-embed]") ?? root.current;
    if (!card || window.parent === window) return;
    const post = () => window.parent.postMessage({ type: EMBED_HEIGHT_MESSAGE, surveyId, height: Math.ceil(card.getBoundingClientRect().height) }, "*");
    const observer = new ResizeObserver(post);
    observer.observe(card);
    post();
    return () => observer.disconnect();
  }, [surveyId]);

  const shown = countsShown(figures);
  if (figures.resultsHidden || shown === "none") {
    return (
      <div ref={root}>
        <p className={`text-sm ${dark ? "text-slate-200" : "text-slate-700"}`} data-testid="embed-figures">
          {hiddenResultsText(deadline)}.
        </p>
      </div>
    );
  }
  const { stats } = figures;
  const total = figures.yesCount + figures.noCount;
  if (shown === "total") {
    return (
      <div ref={root}>
        <p className={`text-sm tabular-nums ${dark ? "text-slate-200" : "text-slate-700"}`} aria-live="polite" data-testid="embed-figures">
          {total === 0 ? "No votes yet." : `${votesText(total)} so far. ${OPEN_RESULTS_TEXT}`}
        </p>
      </div>
    );
  }
  const yesShare = total === 0 ? 0 : Math.round((figures.yesCount / total) * 100);
  const summary =
    total === 0
      ? "No votes yet."
      : `Yes ${yesShare} % (${figures.yesCount}) · No ${100 - yesShare} % (${figures.noCount}) · ${total} ${total === 1 ? "vote" : "votes"} · Yes 95% interval ${rangeText(stats.low, stats.high)} · ${stats.verdict}`;
  return (
    <div ref={root}>
      <div aria-hidden="true" className={`flex h-4 overflow-hidden rounded-full ${dark ? "bg-slate-700" : "bg-slate-200"}`} data-testid="embed-bar">
        {total > 0 && (
          <>
            <span style={{ width: `${yesShare}%`, background: VOTE_COLOURS.yes.fill, borderRight: yesShare > 0 && yesShare < 100 ? `2px solid ${VOTE_COLOURS.yes.edge}` : undefined }} />
            <span style={{ width: `${100 - yesShare}%`, background: VOTE_COLOURS.no.fill }} />
          </>
        )}
      </div>
      <p className={`mt-2 text-sm tabular-nums ${dark ? "text-slate-200" : "text-slate-700"}`} aria-live="polite" data-testid="embed-figures">
        {summary}
        {figures.deadlinePassed ? " · Closed" : ""}
      </p>
    </div>
  );
}
