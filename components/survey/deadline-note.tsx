import { formatDate, isClosed } from "@/lib/dates";

/**
 * "Voting closes at the end of Jan 21, 2027 (UTC)" while open, "Voting closed on Nov 8, 2026" after
 * (the words of `deadlineNote` in lib/dates.ts, with the date in a <time>). A server component.
 */
export function DeadlineNote({ deadline, today, timeZone, className }: { deadline: string; today: string; timeZone: string; className?: string }) {
  const date = <time dateTime={deadline}>{formatDate(deadline)}</time>;
  return (
    <p className={className} data-testid="deadline-note">
      {isClosed(deadline, today) ? (
        <>Voting closed on {date}</>
      ) : (
        <>
          Voting closes at the end of {date} ({timeZone})
        </>
      )}
    </p>
  );
}
