// The one way dates are written everywhere (survey page, cards, dashboards, deadline notes).
//
// A fixed "en-US" format in the app's time zone, not the reader's locale: public pages are one cached
// HTML page for every visitor, so the text cannot depend on who asks, and re-formatting in the
// browser would ship JavaScript to every signed-out visitor. Each date is also in a <time dateTime>.

const day = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

// A calendar date (YYYY-MM-DD) as its own day: it is not an instant, so no zone may shift it.
const asUtcMidnight = (date: string) => new Date(`${date}T00:00:00Z`);

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

/** Voting runs through the end of the deadline day in the app's time zone. */
export function isClosed(deadline: string, today: string): boolean {
  return deadline < today;
}

/** "Voting closes at the end of Jan 21, 2027 (UTC)" while open, "Voting closed on Jan 21, 2027" after. */
export function deadlineNote(deadline: string, today: string, timeZone: string): string {
  return isClosed(deadline, today)
    ? `Voting closed on ${formatDate(deadline)}`
    : `Voting closes at the end of ${formatDate(deadline)} (${timeZone})`;
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
