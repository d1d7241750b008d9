"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useEffect, useRef } from "react";
import { useLiveFigures, type LiveFigures } from "@/components/survey/use-live-figures";
import { hiddenResultsText, noVotesText, openResultsText, percent, resultReading, wholePercent } from "@/lib/surveys/results-text";
import { countsShown } from "@/lib/surveys/results-visibility";
import { VOTE_COLOURS } from "@/lib/votes/vote-colours";

/** The message the embed posts to the page that frames it whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = "opinex:embed-height";

/**
 * The embed's result, as the survey page shows it to a signed-out visitor (`countsShown`, nobody has
 * voted in a frame): once voting has ended, one bar split into Yes and No, marked at 50 %, and the
 * result in the survey page's words (the plain reading, the margin, the verdict with its reason);
 * while it is open, only how many voted; for a survey
 * that keeps its results until its deadline, when they will be shown. Kept live while the frame is on
 * screen (pushed by the server, or polled: use-live-figures.ts); and the frame's height, posted to the
 * parent page (`{ type: "opinex:embed-height", surveyId, height }`) so it can fit the frame to its content.
 * Its layout is modelled in lib/sharing/embed-size.ts, which sizes the snippet's frame. In the frame's
 * language (its address's), inside the embed's island of `survey` texts.
 */
export function EmbedResults({ surveyId, deadline, initial, dark }: { surveyId: string; deadline: string; initial: LiveFigures; dark: boolean }) {
  const t = useTranslations("survey.results");
  const locale = usePageLocale();
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
          {hiddenResultsText(deadline, t, locale)}.
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
          {total === 0 ? noVotesText(t) : `${t("votesSoFar", { count: total })} ${openResultsText(t)}`}
        </p>
      </div>
    );
  }
  const reading = resultReading(stats, t);
  const muted = dark ? "text-slate-300" : "text-slate-600";
  return (
    <div ref={root}>
      {reading && (
        // The split on one bar, Yes from the left, No from the right, with the 50 % mark a majority
        // crosses; under it each answer's count and share, which screen readers read too.
        <div>
          <div aria-hidden="true" className={`relative flex h-4 overflow-hidden rounded-full ${dark ? "bg-slate-700" : "bg-slate-200"}`} data-testid="embed-bar">
            <span style={{ width: `${(figures.yesCount / total) * 100}%`, background: VOTE_COLOURS.yes.fill }} />
            <span style={{ flex: 1, background: VOTE_COLOURS.no.fill }} />
            <span className={`absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 ${dark ? "bg-slate-100" : "bg-slate-900"}`} data-testid="embed-midline" />
          </div>
          <p className={`mt-1 grid grid-cols-3 text-xs tabular-nums ${muted}`} data-testid="embed-counts">
            <span>{t("embedCount", { answer: "yes", count: figures.yesCount, share: wholePercent(figures.yesCount / total) })}</span>
            <span aria-hidden="true" className="text-center font-semibold">
              {percent(0.5, locale)}
            </span>
            <span className="text-right">
              <span className="sr-only">, </span>
              {t("embedCount", { answer: "no", count: figures.noCount, share: wholePercent(figures.noCount / total) })}
            </span>
          </p>
        </div>
      )}
      <div className={`mt-2 space-y-1 text-sm ${dark ? "text-slate-200" : "text-slate-700"}`} aria-live="polite" data-testid="embed-figures">
        {reading ? (
          <>
            <p className={`font-semibold ${dark ? "text-white" : "text-slate-900"}`}>{`${reading.lead} ${reading.total}.`}</p>
            <p>{reading.margin}</p>
            <p>
              <strong className="font-semibold">{reading.verdict}</strong>: {reading.reason}
            </p>
          </>
        ) : (
          <p>{noVotesText(t)}</p>
        )}
        {figures.deadlinePassed && <p className={muted}>{t("votingClosed")}</p>}
      </div>
    </div>
  );
}
