"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useCallback, useEffect, useRef, useState } from "react";
import { VerifyEmailNotice } from "@/components/auth/resend-verification";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/dates";
import { localePath } from "@/lib/i18n/locales.mjs";
import { hiddenResultsText } from "@/lib/surveys/results-text";
import { surveyHref } from "@/lib/public-urls";
import { CHOICE_PARAM, parseChoice, withChoice } from "@/lib/votes/choice";
import { ReportButton } from "./report-button";
import { requestErrorText } from "./request-error-text";
import { SurveyResults } from "./survey-results";
import { figuresOf, useLiveFigures, type LiveFigures } from "./use-live-figures";
import { VoteForm } from "./vote-form";
import { fetchVotingState, type VotingState } from "./voting-api";

const NO_FIGURES = (closed: boolean): LiveFigures => ({ yesCount: null, noCount: null, stats: null, resultsHidden: true, deadlinePassed: closed });

/**
 * The signed-in part of a survey page (vote form, own vote, report button, live results), loaded only
 * for people who are signed in. Their own state is fetched once and brings the current figures; those
 * are then pushed by the server while the results are shown (polled if the stream is refused:
 * use-live-figures.ts).
 */
export default function SignedInVoting({
  surveyId,
  deadline,
  closed,
}: {
  surveyId: string;
  /** The deadline day, for "Results are shown after voting closes at the end of …". */
  deadline: string;
  /** Whether voting had closed when the cached page was rendered; the voting state corrects it. */
  closed: boolean;
}) {
  const t = useTranslations("survey.vote");
  const errors = useTranslations("survey.errors");
  const results = useTranslations("survey.results");
  const locale = usePageLocale();
  const [state, setState] = useState<VotingState | null>(null);
  // The figures follow the server only while the results are shown; none are shown before the voting
  // state has brought them.
  const showResults = !!state && (state.deadlinePassed || state.myVote !== null);
  const [figures, setFigures] = useLiveFigures(surveyId, NO_FIGURES(closed), showResults);
  const [loadError, setLoadError] = useState<string | null>(null);
  // An answer chosen before signing in (`?vote=yes`, lib/votes/choice.ts): selected in the form, never sent
  // until Submit is pressed. Read once: this part is only ever rendered in the browser.
  const [chosen] = useState(() => parseChoice(new URLSearchParams(window.location.search).get(CHOICE_PARAM)));
  // After a vote: what the live region says, and focus moves to the results' heading.
  const [announcement, setAnnouncement] = useState("");
  const justVoted = useRef(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchVotingState(surveyId, signal).then(
        (next) => {
          setState(next);
          setLoadError(null);
          setFigures(figuresOf(next));
        },
        (error: unknown) => {
          if (!signal?.aborted) setLoadError(requestErrorText(error, errors, locale));
        },
      ),
    [surveyId, setFigures, errors, locale],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

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
  if (!state) {
    body = loadError ? (
      <p role="alert" className="font-medium text-red-700">
        {t("error", { message: loadError })}
      </p>
    ) : (
      <Spinner className="py-8" label={t("loading")} />
    );
  } else if (showResults) {
    body = <SurveyResults figures={figures} myVote={state.myVote} />;
  } else if (!state.canVote) {
    body = <p className="text-slate-700">{t("onlyVoters")}</p>;
  } else if (state.emailUnverified) {
    body = <VerifyEmailNotice message={errors("verifyToVote")} continueTo={withChoice(localePath(locale, surveyHref(surveyId)), chosen)} />;
  } else {
    // The page above already says until when voting is open.
    body = (
      <VoteForm
        surveyId={surveyId}
        questionTitle={state.questionTitle}
        questionDescription={state.questionDescription}
        initialVote={chosen}
        canComment={state.canComment}
        resultMail={state.resultMail}
        onVoted={(result) => {
          const next = figuresOf({ ...result, deadlinePassed: state.deadlinePassed });
          setFigures(next);
          setState({ ...state, ...next, myVote: { vote: result.vote, comment: result.comment } });
          setAnnouncement(
            result.resultsHidden
              ? t("countedHidden", { answer: result.vote, hidden: hiddenResultsText(deadline, results, locale) })
              : t("countedShown", { answer: result.vote, yes: result.yesCount, no: result.noCount }),
          );
          justVoted.current = true;
        }}
        onRefused={() => void load()}
      />
    );
  }

  return (
    <>
      {/* The page's deadline note says when voting closed; this line only corrects a page cached while
          voting was still open. */}
      {!closed && figures.deadlinePassed && <p className="mb-4 text-sm text-slate-600">{t("closedOn", { date: formatDate(deadline, locale) })}</p>}
      {body}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* Answers first; Report is a quiet secondary action after them. */}
      {state?.canVote && !state.emailUnverified && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <p className="text-sm text-slate-600">{t("somethingWrong")}</p>
          <ReportButton surveyId={surveyId} reported={state.reported} />
        </div>
      )}
      {loadError && state && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {t("error", { message: loadError })}
        </p>
      )}
    </>
  );
}
