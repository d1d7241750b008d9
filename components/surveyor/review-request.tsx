"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { RequestError, requestJson } from "@/lib/api/client";
import { dayIn, formatDate } from "@/lib/dates";
import type { Locale } from "@/lib/i18n/types";
import type { ReviewRequestAnswer } from "@/lib/surveys/review-schema";
import { refusalText, type SurveyorTranslator } from "./survey-errors";

/** "Review requested on Jan 21, 2027. An admin will look at it.": the day in the site's time zone. */
export const reviewRequestedText = (at: string, timeZone: string, t: SurveyorTranslator, locale: Locale) =>
  t("review.requested", { date: formatDate(dayIn(timeZone, new Date(at)), locale) });

/**
 * The "Ask for review" button of an unpublished survey (POST /api/survey/{id}/review-request), or, once
 * asked, when. The answer is said in place: the status line is in the page from the start, so screen
 * readers announce what appears in it, and takes the focus the button had, which is gone. A refusal
 * (already asked elsewhere, too many asks) is said under the button, no toast.
 */
export function ReviewRequestButton({ surveyId, requestedAt, timeZone }: { surveyId: string; requestedAt: string | null; timeZone: string }) {
  const t = useTranslations("surveyor");
  const locale = usePageLocale();
  const [asked, setAsked] = useState(requestedAt);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const errorId = `review-request-error-${surveyId}`;

  const ask = async () => {
    setSending(true);
    setError(null);
    try {
      const answer = await requestJson<ReviewRequestAnswer>(`/api/survey/${surveyId}/review-request`, { method: "POST" });
      setAsked(answer.reviewRequestedAt);
      // After React has put the sentence in place of the button.
      requestAnimationFrame(() => status.current?.focus());
    } catch (caught) {
      setError(caught instanceof RequestError && caught.status < 500 ? refusalText(caught, t, locale) : t("review.failed"));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-2">
      <p ref={status} role="status" tabIndex={-1} className="font-medium text-slate-900 focus:outline-none" data-testid="review-request-status">
        {asked ? reviewRequestedText(asked, timeZone, t, locale) : null}
      </p>
      {!asked && (
        <>
          <Button type="button" onClick={ask} disabled={sending} aria-describedby={error ? errorId : undefined}>
            {sending && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {t("review.ask")}
          </Button>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </div>
  );
}
