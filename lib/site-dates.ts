// The site's calendar on the server: lib/dates.ts stays free of the server's configuration and of
// SQL so that the browser can load it, and what needs either lives here.
import "server-only";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { dayIn } from "@/lib/dates";
import { getEnv } from "@/lib/env";

/** Today in the site's time zone (APP_TIME_ZONE): the day deadlines are compared with. */
export function siteToday(): string {
  return dayIn(getEnv().APP_TIME_ZONE);
}

/**
 * `isClosed` (lib/dates.ts) in SQL, by the database clock: the deadline column is before today in
 * `timeZone` (voting runs through the end of the deadline day there). The database's clock, so that a
 * vote's check and its write agree; the column is compared with a value fixed for the statement, so
 * an index on the deadline can answer it (the close job's). Wrapped in parentheses: `not ${closedSql(...)}`
 * is the open test.
 */
export function closedSql(deadline: SQLWrapper, timeZone: string = getEnv().APP_TIME_ZONE): SQL<boolean> {
  return sql<boolean>`(${deadline} < (now() at time zone ${timeZone})::date)`;
}
