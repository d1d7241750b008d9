// A survey's voters, for its surveyor or an admin (the caller checks with `getManagedSurvey`): the
// voters table, the CSV export and the votes-over-time figures. Voided votes (a suspended account's,
// lib/moderation/suspension.ts) are in none of them.
import "server-only";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { addDays, dayIn, isClosed } from "@/lib/dates";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { DELETED_ACCOUNT_LABEL } from "@/lib/accounts/account";
import { surveyVoteBuckets, users, votes, type VoteValue } from "@/models";

/** A voter as the surveyor sees them; a deleted account is "Deleted account", with no email. */
export type Voter = { id: string; userName: string | null; userEmail: string | null; vote: VoteValue; comment: string | null; votedAt: Date };

const voterColumns = {
  id: votes.id,
  userName: sql<string | null>`case when ${users.deletedAt} is null then ${users.name} else ${DELETED_ACCOUNT_LABEL} end`,
  userEmail: sql<string | null>`case when ${users.deletedAt} is null then ${users.email} end`,
  vote: votes.vote,
  comment: votes.comment,
  votedAt: votes.createdAt,
};

/**
 * One page of a survey's voters in the order they voted (index: votes_survey_created_idx). The
 * caller has checked the viewer with `getManagedSurvey`; `total` is the survey's counters, which
 * always equal the vote rows. A page in the second half of the list is read from the end (the index
 * backwards, then reversed), so the last page of 100,000 voters costs what the first does instead of
 * skipping 99,980 rows; the deepest page is the middle one.
 */
export async function listVoters(surveyId: string, window: { limit: number; offset: number }, total?: number): Promise<Voter[]> {
  const db = await getDb();
  const query = db.select(voterColumns).from(votes).innerJoin(users, eq(users.id, votes.userId)).where(and(eq(votes.surveyId, surveyId), isNull(votes.voidedAt)));
  if (total !== undefined && window.offset > total / 2) {
    const end = Math.min(window.offset + window.limit, total);
    if (end <= window.offset) return [];
    const rows = await query
      .orderBy(desc(votes.createdAt), desc(votes.id))
      .limit(end - window.offset)
      .offset(total - end);
    return rows.reverse();
  }
  return query.orderBy(asc(votes.createdAt), asc(votes.id)).limit(window.limit).offset(window.offset);
}

/**
 * A survey's voters page after page by keyset (created_at, id), for the CSV export: each query reads
 * at most `pageSize` rows however deep it is, and the next page is read only when asked for.
 */
export async function* voterPages(surveyId: string, pageSize = 1000): AsyncGenerator<Voter[]> {
  const db = await getDb();
  // The timestamp travels as text so the cursor keeps PostgreSQL's microseconds (a JS Date would not).
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const rows: (Voter & { cursorAt: string })[] = await db
      .select({ ...voterColumns, cursorAt: sql<string>`${votes.createdAt}::text` })
      .from(votes)
      .innerJoin(users, eq(users.id, votes.userId))
      .where(
        and(
          eq(votes.surveyId, surveyId),
          isNull(votes.voidedAt),
          cursor ? sql`(${votes.createdAt}, ${votes.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
        ),
      )
      .orderBy(asc(votes.createdAt), asc(votes.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursorAt, id: last.id };
    yield rows.map((r) => ({ id: r.id, userName: r.userName, userEmail: r.userEmail, vote: r.vote, comment: r.comment, votedAt: r.votedAt }));
    if (rows.length < pageSize) return;
  }
}

export type VotesOnDay = { day: string; yes: number; no: number };

// A long-running survey's chart keeps its most recent days.
const VOTE_DAYS_MAX = 366;

/**
 * Yes and no votes per calendar day in the site's time zone, every day from the survey's creation
 * to today (or its deadline, if that is earlier), days without votes included.
 */
export async function votesPerDay(survey: { id: string; createdAt: string; deadline: string }): Promise<VotesOnDay[]> {
  const timeZone = getEnv().APP_TIME_ZONE;
  const db = await getDb();
  // From the quarter-hour counts a trigger keeps (survey_vote_buckets), not from every vote row.
  const day = sql<string>`to_char(${surveyVoteBuckets.bucket} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      yes: sql<number>`sum(${surveyVoteBuckets.yes})`.mapWith(Number),
      no: sql<number>`sum(${surveyVoteBuckets.no})`.mapWith(Number),
    })
    .from(surveyVoteBuckets)
    .where(eq(surveyVoteBuckets.surveyId, survey.id))
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const today = dayIn(timeZone);
  const first = dayIn(timeZone, new Date(survey.createdAt));
  let last = isClosed(survey.deadline, today) ? survey.deadline : today;
  // Votes are never later than the last day, but a moved clock or an edited deadline must not hide any.
  for (const r of rows) if (r.day > last) last = r.day;
  const days: VotesOnDay[] = [];
  for (let d = last; d >= first && days.length < VOTE_DAYS_MAX; d = addDays(d, -1)) {
    days.push(byDay.get(d) ?? { day: d, yes: 0, no: 0 });
  }
  return days.reverse();
}
