// The one home of dates: which day it is in a time zone, when a survey closes, and how dates are
// written everywhere (survey page, cards, dashboards, deadline notes). Pure, so the browser may use it
// too (the survey form); what needs the server's configuration (today in APP_TIME_ZONE) or SQL (closed
// by the database clock) is in lib/site-dates.ts.
//
// A fixed "en-US" format in the app's time zone, not the reader's locale: public pages are one cached
// HTML page for every visitor, so the text cannot depend on who asks, and re-formatting in the
// browser would ship JavaScript to every signed-out visitor. Each date is also in a <time dateTime>.

// A calendar date (YYYY-MM-DD) as its own day: it is not an instant, so no zone may shift it.
function asUtcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: by default today there. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}

/** Whether a YYYY-MM-DD string names a day of the calendar ("2027-02-30" does not). */
export function isRealDay(date: string): boolean {
  const d = asUtcMidnight(date);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** The calendar date `days` days after (or before, negative) `date`. */
export function addDays(date: string, days: number): string {
  return new Date(asUtcMidnight(date).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "Jan 21, 2027". */
export function formatDate(date: string): string {
  return day.format(asUtcMidnight(date));
}

/** "Jan 21"; with the year ("Jan 21, 2028") when it is not the year of `today`. */
export function formatShortDate(date: string, today: string): string {
  return date.slice(0, 4) === today.slice(0, 4) ? monthDay.format(asUtcMidnight(date)) : formatDate(date);
}

// A formatter costs far more to make than to use (a table of 20 rows made 40): one per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${withTime ? "t" : "d"}:${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone });
    formatters.set(key, format);
  }
  return format;
}

/** An instant as "Jan 21, 2027, 3:04 PM" in the given time zone. */
export function formatDateTime(at: Date, timeZone: string): string {
  return formatter(timeZone, true).format(at);
}

/** An instant with its zone named, "Jan 21, 2027, 3:04 PM UTC": the reader may live in another zone. */
export function formatDateTimeWithZone(at: Date, timeZone: string): string {
  return `${formatDateTime(at, timeZone)} ${timeZone}`;
}

/**
 * Whether voting on a survey has ended: it runs through the end of the deadline day in the app's time
 * zone, so a survey is closed once `today` (`dayIn` that zone) is a later day. `closedSql`
 * (lib/site-dates.ts) is the same rule in SQL.
 */
export function isClosed(deadline: string, today: string): boolean {
  return deadline < today;
}

/**
 * The deadline note around its date, "Voting closes at the end of " + "Jan 21, 2027" + " (UTC)" while
 * open, "Voting closed on " + "Jan 21, 2027" + "" after: in parts, so that a page can put the date in
 * a <time>.
 */
export function deadlineNote(deadline: string, today: string, timeZone: string): { before: string; date: string; after: string } {
  const date = formatDate(deadline);
  return isClosed(deadline, today)
    ? { before: "Voting closed on ", date, after: "" }
    : { before: "Voting closes at the end of ", date, after: ` (${timeZone})` };
}

const RELATIVE_STEPS: [limitSeconds: number, unitSeconds: number, unit: string][] = [
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [30 * 86_400, 86_400, "day"],
];

/**
 * How long ago, roughly: "just now", "5 minutes ago", "3 hours ago", "2 days ago"; a month or more
 * ago, the date itself ("Jan 21, 2027"). For times that are approximate anyway (a session's last use).
 */
export function formatTimeAgo(at: Date, now: Date, timeZone: string): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (seconds < 60) return "just now";
  for (const [limit, unit, name] of RELATIVE_STEPS) {
    if (seconds < limit) {
      const n = Math.floor(seconds / unit);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return formatter(timeZone, false).format(at);
}
