import { useTranslations } from "next-intl";
import { ReviewRequestButton } from "./review-request";

/** The admin's feedback on an unpublished survey, as the surveyor reads it beside "Ask for review". */
export function ReviewFeedback({ feedback }: { feedback: string | null }) {
  const t = useTranslations("surveyor.review");
  if (!feedback?.trim()) return <p className="text-slate-800">{t("noMessage")}</p>;
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700">{t("feedback")}</p>
      <blockquote className="whitespace-pre-line break-words border-l-4 border-amber-500 pl-3 text-slate-900" data-testid="review-feedback">
        {feedback}
      </blockquote>
    </div>
  );
}

/**
 * An unpublished survey's page: why an admin unpublished it, and the way back (update it, then ask
 * for a review). Only the survey's own surveyor may ask (the route says so too).
 */
export function UnpublishedReviewPanel({
  surveyId,
  feedback,
  requestedAt,
  timeZone,
  canAsk,
}: {
  surveyId: string;
  feedback: string | null;
  requestedAt: string | null;
  timeZone: string;
  canAsk: boolean;
}) {
  const t = useTranslations("surveyor.review");
  return (
    <section aria-labelledby="review-panel-title" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:p-5" data-testid="review-panel">
      <h2 id="review-panel-title" className="text-lg font-semibold">
        {t("unpublished")}
      </h2>
      <ReviewFeedback feedback={feedback} />
      <p className="text-slate-800">
        {t("explain")}
      </p>
      {canAsk && <ReviewRequestButton surveyId={surveyId} requestedAt={requestedAt} timeZone={timeZone} />}
    </section>
  );
}
