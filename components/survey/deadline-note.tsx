import { deadlineNote } from "@/lib/dates";

/**
 * "Voting closes at the end of Jan 21, 2027 (UTC)" while open, "Voting closed on Nov 8, 2026" after
 * (`deadlineNote`, lib/dates.ts), with the date in a <time>. A server component.
 */
export function DeadlineNote({ deadline, today, timeZone, className }: { deadline: string; today: string; timeZone: string; className?: string }) {
  const { before, date, after } = deadlineNote(deadline, today, timeZone);
  return (
    <p className={className} data-testid="deadline-note">
      {before}
      <time dateTime={deadline}>{date}</time>
      {after}
    </p>
  );
}
