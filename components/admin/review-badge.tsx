import { useLocale, useTranslations } from "next-intl";
import { dayIn, formatShortDate } from "@/lib/dates";

/**
 * A survey's pending request for a review (its surveyor asked after an admin unpublished it): the badge
 * of its row on Manage Surveys and of its own admin page, with the day it was asked. Publishing or
 * unpublishing it again answers the request and the badge goes.
 */
export function ReviewRequestedBadge({ at, timeZone, today }: { at: Date; timeZone: string; today: string }) {
  const t = useTranslations("admin.surveys");
  const locale = useLocale();
  const day = dayIn(timeZone, at);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="review-requested">
      <span className="inline-flex items-center whitespace-nowrap rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 ring-1 ring-inset ring-blue-700/30">
        {t("badge")}
      </span>
      <span className="whitespace-nowrap text-slate-700">
        {t.rich("badgeOn", { date: formatShortDate(day, today, locale), time: (chunks) => <time dateTime={day}>{chunks}</time> })}
      </span>
    </span>
  );
}
