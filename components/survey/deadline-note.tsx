import { useLocale, useTranslations } from "next-intl";
import { deadlineNote } from "@/lib/dates";

/**
 * "Voting closes at the end of Jan 21, 2027 (UTC)" while open, "Voting closed on Nov 8, 2026" after
 * (`deadlineNote`, lib/dates.ts), with the date in a <time>. A server component.
 */
export function DeadlineNote({ deadline, today, timeZone, className }: { deadline: string; today: string; timeZone: string; className?: string }) {
  const t = useTranslations("survey.deadline");
  const { closed, date } = deadlineNote(deadline, today, useLocale());
  const time = (chunks: React.ReactNode) => <time dateTime={deadline}>{chunks}</time>;
  return (
    <p className={className} data-testid="deadline-note">
      {closed ? t.rich("closed", { date, time }) : t.rich("open", { date, timeZone, time })}
    </p>
  );
}
