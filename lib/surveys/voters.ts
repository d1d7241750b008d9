// A survey's voters, for its surveyor or an admin (the caller checks with `getManagedSurvey`): the
// voters table, the CSV export and the votes-over-time figures. Voided votes (a suspended account's,
// lib/moderation/suspension.ts) are in none of them.
import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { addDays, dayIn, isClosed } from "@/lib/dates";
import { getDb, type Db } from "@/lib/db";
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

/** The width of `survey_vote_buckets`' buckets (its trigger's `date_bin`, migration 0011). */
const VOTE_BUCKET = sql.raw(`interval '15 minutes'`);

/**
 * One page of a survey's voters in the order they voted (`created_at`, then `id`). The caller has
 * checked the viewer with `getManagedSurvey`; `total` is the survey's counters, which always equal
 * the counted vote rows.
 *
 * However deep the page, it reads about what the first one does:
 *   - the page's 20 vote ids are chosen first, and only those 20 are joined to their voters (joining
 *     first made PostgreSQL scan every account and sort the survey's votes on disk: 440-640 ms for the
 *     middle of 100,000 voters);
 *   - the ids' walk starts at the quarter hour the page begins in: the counts per quarter hour the
 *     database keeps (`survey_vote_buckets`, exactly the counted votes, kept in each vote's own
 *     transaction) are added up from the start until they pass the page's offset, so only the votes of
 *     that quarter hour are skipped one by one, not the 49,980 before them;
 *   - a page in the second half is read from the end (the index and the counts backwards, then
 *     reversed), so the deepest page is the middle one, and its walk over the counts is half the survey's.
 * One statement, so the counts and the rows are read from the same snapshot.
 */
export async function listVoters(surveyId: string, window: { limit: number; offset: number }, total?: number): Promise<Voter[]> {
  const query = votersPage(await getDb(), surveyId, window, total);
  return query ? await query : [];
}

/** The query of `listVoters` (null for a page past the last), built apart so that its plan can be checked. */
export function votersPage(db: Db, surveyId: string, window: { limit: number; offset: number }, total?: number) {
  const backwards = total !== undefined && window.offset > total / 2;
  let skip = window.offset;
  let take = window.limit;
  if (backwards) {
    const end = Math.min(window.offset + window.limit, total);
    if (end <= window.offset) return null;
    skip = total - end;
    take = end - window.offset;
  }
  return db
    .select(voterColumns)
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(sql`${votes.id} in (${pageIds(surveyId, skip, take, backwards)})`)
    .orderBy(asc(votes.createdAt), asc(votes.id));
}

/**
 * The ids of the counted votes `skip` to `skip + take` of a survey, from its first vote (or, with
 * `backwards`, from its last): the quarter hour holding vote `skip` is found from the kept counts
 * (`survey_vote_buckets`, in order, stopping there), then the index (votes_survey_created_idx) is
 * walked from the start of that quarter hour only.
 */
function pageIds(surveyId: string, skip: number, take: number, backwards: boolean) {
  const order = backwards ? sql.raw("desc") : sql.raw("asc");
  const seek = sql`
    select bucket, through - (yes + no) as before from (
      select bucket, yes, no, sum(yes + no) over (order by bucket ${order} rows unbounded preceding) as through
      from survey_vote_buckets where survey_id = ${surveyId}
    ) counted
    where through > ${skip}::bigint
    order by bucket ${order}
    limit 1`;
  // Forwards: from the start of that quarter hour; backwards: from its end.
  const from = backwards
    ? sql`v.created_at < coalesce((select bucket from seek) + ${VOTE_BUCKET}, 'infinity')`
    : sql`v.created_at >= coalesce((select bucket from seek), '-infinity')`;
  return sql`
    with seek as (${seek})
    select v.id from votes v
    where v.survey_id = ${surveyId} and v.voided_at is null and ${from}
    order by v.created_at ${order}, v.id ${order}
    offset ${skip}::bigint - coalesce((select before from seek), 0)
    limit ${take}`;
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
