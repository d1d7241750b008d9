// The one home of dates: which day it is in a time zone, when a survey closes, and how dates are
// written everywhere (survey page, cards, dashboards, deadline notes). Pure, so the browser may use it
// too (the survey form); what needs the server's configuration (today in APP_TIME_ZONE) or SQL (closed
// by the database clock) is in lib/site-dates.ts.
//
// Written in the page's language (each language of a public page is a cached page of its own) and the
// app's time zone, not the reader's zone: the page is one cached HTML page for every visitor of that
// language, and re-formatting in the browser would ship JavaScript to every signed-out visitor. Each
// date is also in a <time dateTime>. English is "en-US" ("Jan 21, 2027"), Spanish "es-ES" ("21 ene
// 2027"), German "de-DE" ("21. Jan. 2027").

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

/** The languages dates are written in (lib/i18n/locales.mjs), as Intl's tags. */
export type DateLocale = "en" | "es" | "de";
const TAGS: Record<DateLocale, string> = { en: "en-US", es: "es-ES", de: "de-DE" };

// A formatter costs far more to make than to use (a table of 20 rows made 40): one per language, zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
function cached(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format;
}
const dayFormat = (locale: DateLocale) =>
  cached(`day:${locale}`, () => new Intl.DateTimeFormat(TAGS[locale], { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }));
const monthDayFormat = (locale: DateLocale) =>
  cached(`md:${locale}`, () => new Intl.DateTimeFormat(TAGS[locale], { month: "short", day: "numeric", timeZone: "UTC" }));

/** "Jan 21, 2027" (es "21 ene 2027", de "21. Jan. 2027"). */
export function formatDate(date: string, locale: DateLocale = "en"): string {
  return dayFormat(locale).format(asUtcMidnight(date));
}

/** "Jan 21"; with the year ("Jan 21, 2028") when it is not the year of `today`. */
export function formatShortDate(date: string, today: string, locale: DateLocale = "en"): string {
  return date.slice(0, 4) === today.slice(0, 4) ? monthDayFormat(locale).format(asUtcMidnight(date)) : formatDate(date, locale);
}

function formatter(timeZone: string, withTime: boolean, locale: DateLocale): Intl.DateTimeFormat {
  return cached(`${withTime ? "t" : "d"}:${locale}:${timeZone}`, () =>
    new Intl.DateTimeFormat(TAGS[locale], withTime ? { dateStyle: "medium", timeStyle: "short", timeZone } : { dateStyle: "medium", timeZone }),
  );
}

/** An instant as "Jan 21, 2027, 3:04 PM" in the given time zone. */
export function formatDateTime(at: Date, timeZone: string, locale: DateLocale = "en"): string {
  return formatter(timeZone, true, locale).format(at);
}

/** An instant with its zone named, "Jan 21, 2027, 3:04 PM UTC": the reader may live in another zone. */
export function formatDateTimeWithZone(at: Date, timeZone: string, locale: DateLocale = "en"): string {
  return `${formatDateTime(at, timeZone, locale)} ${timeZone}`;
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
 * The deadline note's facts: whether voting has closed, and the deadline as it is written. Its words
 * are messages ("Voting closes at the end of {date} ({timeZone})" while open, "Voting closed on
 * {date}" after: `survey.deadline`, components/survey/deadline-note.tsx), which put the date in a <time>.
 */
export function deadlineNote(deadline: string, today: string, locale: DateLocale = "en"): { closed: boolean; date: string } {
  return { closed: isClosed(deadline, today), date: formatDate(deadline, locale) };
}

const RELATIVE_STEPS: [limitSeconds: number, unitSeconds: number, unit: "minute" | "hour" | "day"][] = [
  [3600, 60, "minute"],
  [86_400, 3600, "hour"],
  [30 * 86_400, 86_400, "day"],
];

/**
 * How long ago, roughly: "just now", "5 minutes ago", "3 hours ago", "2 days ago" (in Spanish and
 * German through Intl.RelativeTimeFormat: "hace 5 minutos", "vor 5 Minuten"); a month or more ago, the
 * date itself ("Jan 21, 2027"). For times that are approximate anyway (a session's last use).
 */
export function formatTimeAgo(at: Date, now: Date, timeZone: string, locale: DateLocale = "en"): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  const relative = new Intl.RelativeTimeFormat(TAGS[locale], { numeric: "auto" });
  if (seconds < 60) return locale === "en" ? "just now" : relative.format(0, "second");
  for (const [limit, unit, name] of RELATIVE_STEPS) {
    if (seconds < limit) {
      const n = Math.floor(seconds / unit);
      if (locale !== "en") return relative.format(-n, name);
      return `${n} ${name}${n === 1 ? "" : "s"} ago`;
    }
  }
  return formatter(timeZone, false, locale).format(at);
}
