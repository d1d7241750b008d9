import "server-only";
import { and, asc, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { surveys, users, votes, type Category, type Role, type SurveyStatus, type VoteValue } from "@/models";
import { dayIn, type SurveyFormInput } from "@/lib/validation/survey-form";
import type { SurveySort } from "@/lib/validation/survey-list";

export type { SurveySort };

const totalVotes = sql<number>`(${surveys.yesCount} + ${surveys.noCount})`;

// What the public may see of a survey: never voters, comments, reports or the admin's feedback.
// The surveyor's name and email are the author's byline (the original contract's `surveyorEmail`).
const publicColumns = {
  id: surveys.id,
  title: surveys.title,
  description: surveys.description,
  category: surveys.category,
  deadline: surveys.deadline,
  createdAt: surveys.createdAt,
  questionTitle: surveys.questionTitle,
  questionDescription: surveys.questionDescription,
  status: surveys.status,
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
  surveyorName: users.name,
  surveyorEmail: users.email,
};

/** A survey as the public sees it; plain JSON (dates as ISO strings) so Next's data cache keeps it as is. */
export type PublicSurvey = {
  id: string;
  title: string;
  description: string;
  category: Category;
  /** A calendar date, YYYY-MM-DD. */
  deadline: string;
  /** ISO timestamp. */
  createdAt: string;
  questionTitle: string;
  questionDescription: string;
  status: SurveyStatus;
  yesCount: number;
  noCount: number;
  surveyorName: string | null;
  surveyorEmail: string;
};

type Row = Omit<PublicSurvey, "createdAt"> & { createdAt: Date };
const toPublic = (row: Row): PublicSurvey => ({ ...row, createdAt: row.createdAt.toISOString() });

const published = (category?: Category) =>
  and(eq(surveys.status, "publish"), category ? eq(surveys.category, category) : undefined);

/**
 * The instant voting closes: the end of the deadline day in APP_TIME_ZONE, computed by the database
 * so that a check and a write share one clock.
 */
export function closesAt(timeZone: string) {
  return sql`((${surveys.deadline} + 1)::timestamp at time zone ${timeZone})`;
}

const stillOpen = () => sql`now() < ${closesAt(getEnv().APP_TIME_ZONE)}`;

/**
 * Published surveys, most votes first (ties: newest first) or newest first; one page of them.
 * `openOnly` leaves out surveys whose deadline has passed (the featured list invites votes).
 */
export async function listPublishedSurveys(options: {
  sort?: SurveySort;
  category?: Category;
  page?: number;
  limit?: number;
  openOnly?: boolean;
}): Promise<PublicSurvey[]> {
  const { sort = "totalVotes", category, page = 1, limit = 12, openOnly = false } = options;
  const db = await getDb();
  // The id is the last tie-break so pages never overlap or skip rows with equal keys.
  const order =
    sort === "createdAt"
      ? [desc(surveys.createdAt), desc(surveys.id)]
      : [desc(totalVotes), desc(surveys.createdAt), desc(surveys.id)];
  const rows = await db
    .select(publicColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(and(published(category), openOnly ? stillOpen() : undefined))
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map(toPublic);
}

export async function countPublishedSurveys(category?: Category): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(surveys).where(published(category));
  return row?.n ?? 0;
}

export async function getPublishedSurvey(id: string): Promise<PublicSurvey | null> {
  const db = await getDb();
  const [row] = await db
    .select(publicColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(and(eq(surveys.id, id), eq(surveys.status, "publish")));
  return row ? toPublic(row) : null;
}

/**
 * A survey whatever its status, for its own surveyor or an admin (an unpublished survey stays
 * readable to them); null for anyone else.
 */
export async function getSurveyForOwnerOrAdmin(
  id: string,
  viewer: { id: string; role: Role },
): Promise<PublicSurvey | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...publicColumns, surveyorId: surveys.surveyorId })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(surveys.id, id));
  if (!row) return null;
  const { surveyorId, ...survey } = row;
  return surveyorId === viewer.id || can(viewer.role, "moderateSurveys") ? toPublic(survey) : null;
}

/**
 * Every survey of one surveyor, whatever its status, with the admin's feedback: for that surveyor
 * or an admin only (a surveyor asking for someone else's list is refused).
 */
export async function listSurveysOfSurveyor(
  email: string,
  viewer: { email: string; role: Role },
): Promise<(PublicSurvey & { feedback: string | null })[]> {
  const own = viewer.email === email.toLowerCase() && can(viewer.role, "manageOwnSurveys");
  if (!own && !can(viewer.role, "moderateSurveys")) throw new ApiError("forbidden", "You can only list your own surveys");
  const db = await getDb();
  const rows = await db
    .select({ ...publicColumns, feedback: surveys.feedback })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(users.email, email.toLowerCase()))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(1000);
  return rows.map((row) => ({ ...toPublic(row), feedback: row.feedback }));
}

/** Every published survey's id and last change, for the sitemap. */
export async function listPublishedSurveyIds(): Promise<{ id: string; createdAt: string }[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: surveys.id, createdAt: surveys.createdAt })
    .from(surveys)
    .where(published())
    .orderBy(desc(surveys.createdAt))
    .limit(50_000);
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.toISOString() }));
}

// ---------------------------------------------------------------------------------------------
// The surveyor's workspace: create, update, their own list, results, voters, votes per day and
// feedback. Every read of one survey goes through `getManagedSurvey`: 404 for an unknown id, 403 for
// someone else's survey (an admin may read any).

/** A survey as its surveyor (or an admin) sees it: the public fields plus the admin's feedback. */
export type ManagedSurvey = PublicSurvey & { feedback: string | null; surveyorId: string };

/** Creates a survey owned by `ownerId`; it starts published with no votes, as in the original. */
export async function createSurvey(ownerId: string, fields: SurveyFormInput): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(surveys)
    .values({ ...fields, surveyorId: ownerId })
    .returning({ id: surveys.id });
  return row;
}

/** A survey for its own surveyor or an admin; 404 when unknown, 403 when it is someone else's. */
export async function getManagedSurvey(id: string, viewer: { id: string; role: Role }): Promise<ManagedSurvey> {
  const db = await getDb();
  const [row] = await db
    .select({ ...publicColumns, feedback: surveys.feedback, surveyorId: surveys.surveyorId })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(surveys.id, id));
  if (!row) throw notFound("No such survey");
  const own = row.surveyorId === viewer.id && can(viewer.role, "manageOwnSurveys");
  if (!own && !can(viewer.role, "moderateSurveys")) throw forbidden("You can only manage your own surveys");
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * Writes the six form fields of a survey, and nothing else: counts, status, owner, feedback and the
 * creation date are not in the statement. `fields` is already validated (strict schema).
 */
export async function updateSurveyFields(id: string, fields: SurveyFormInput): Promise<{ modifiedCount: number }> {
  const db = await getDb();
  const { title, description, category, deadline, questionTitle, questionDescription } = fields;
  const rows = await db
    .update(surveys)
    .set({ title, description, category, deadline, questionTitle, questionDescription })
    .where(eq(surveys.id, id))
    .returning({ id: surveys.id });
  return { modifiedCount: rows.length };
}

export type OwnSurveyRow = Pick<PublicSurvey, "id" | "title" | "category" | "deadline" | "status" | "yesCount" | "noCount">;

/** One page of a surveyor's own surveys, newest first (index: surveys_surveyor_created_idx). */
export async function listOwnSurveys(surveyorId: string, window: { limit: number; offset: number }): Promise<OwnSurveyRow[]> {
  const db = await getDb();
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      category: surveys.category,
      deadline: surveys.deadline,
      status: surveys.status,
      yesCount: surveys.yesCount,
      noCount: surveys.noCount,
    })
    .from(surveys)
    .where(eq(surveys.surveyorId, surveyorId))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countOwnSurveys(surveyorId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(surveys).where(eq(surveys.surveyorId, surveyorId));
  return row?.n ?? 0;
}

export type Voter = { id: string; userName: string | null; userEmail: string; vote: VoteValue; comment: string | null; votedAt: Date };

const voterColumns = {
  id: votes.id,
  userName: users.name,
  userEmail: users.email,
  vote: votes.vote,
  comment: votes.comment,
  votedAt: votes.createdAt,
};

/**
 * One page of a survey's voters in the order they voted (index: votes_survey_created_idx). The
 * caller has checked the viewer with `getManagedSurvey`; the total is the survey's counters, which
 * always equal the vote rows.
 */
export async function listVoters(surveyId: string, window: { limit: number; offset: number }): Promise<Voter[]> {
  const db = await getDb();
  return db
    .select(voterColumns)
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(eq(votes.surveyId, surveyId))
    .orderBy(asc(votes.createdAt), asc(votes.id))
    .limit(window.limit)
    .offset(window.offset);
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
  const day = sql<string>`to_char(${votes.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      yes: sql<number>`count(*) filter (where ${votes.vote} = 'yes')`.mapWith(Number),
      no: sql<number>`count(*) filter (where ${votes.vote} = 'no')`.mapWith(Number),
    })
    .from(votes)
    .where(eq(votes.surveyId, survey.id))
    // By position: the zone is a bound parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const today = dayIn(timeZone);
  const first = dayIn(timeZone, new Date(survey.createdAt));
  let last = survey.deadline < today ? survey.deadline : today;
  // Votes are never later than the last day, but a moved clock or an edited deadline must not hide any.
  for (const r of rows) if (r.day > last) last = r.day;
  const days: VotesOnDay[] = [];
  for (let d = last; d >= first && days.length < VOTE_DAYS_MAX; d = addDays(d, -1)) {
    days.push(byDay.get(d) ?? { day: d, yes: 0, no: 0 });
  }
  return days.reverse();
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export type FeedbackRow = { id: string; title: string; description: string; status: SurveyStatus; feedback: string };

const hasFeedback = (surveyorId: string) =>
  and(eq(surveys.surveyorId, surveyorId), isNotNull(surveys.feedback), ne(surveys.feedback, ""));

/** A surveyor's own surveys that an admin gave feedback on, newest first. */
export async function listFeedbacks(surveyorId: string, window: { limit: number; offset: number }): Promise<FeedbackRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: surveys.id, title: surveys.title, description: surveys.description, status: surveys.status, feedback: surveys.feedback })
    .from(surveys)
    .where(hasFeedback(surveyorId))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((r) => ({ ...r, feedback: r.feedback ?? "" }));
}

export async function countFeedbacks(surveyorId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(surveys).where(hasFeedback(surveyorId));
  return row?.n ?? 0;
}

/** Today's date in the site's time zone: the earliest deadline a survey may be given. */
export const siteToday = () => dayIn(getEnv().APP_TIME_ZONE);

/** A published survey's live figures (null when unknown or unpublished): one indexed row. */
export async function getSurveyCounts(
  id: string,
): Promise<{ yesCount: number; noCount: number; deadlinePassed: boolean } | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      yesCount: surveys.yesCount,
      noCount: surveys.noCount,
      deadlinePassed: sql<boolean>`now() >= ${closesAt(getEnv().APP_TIME_ZONE)}`,
    })
    .from(surveys)
    .where(and(eq(surveys.id, id), eq(surveys.status, "publish")));
  return row ?? null;
}
