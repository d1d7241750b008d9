// The public reads of surveys: published ones only, and only what the public may see of them. The
// surveyor's workspace is in surveyor-workspace.ts, a survey's voters in survey-voters.ts.
import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { can } from "@/lib/auth/permissions";
import { readCount } from "@/lib/db/row-counts";
import { closedSql } from "@/lib/site-dates";
import { SURVEY_FIELDS, type SurveyField, type SurveyFormInput } from "@/lib/surveys/schema";
import { LIST_PAGE_MAX, LIST_PAGE_SIZE, type SurveySort, type SurveyStatusFilter } from "@/lib/surveys/list-schema";
import { SURVEY_SEARCH_CONFIG, surveys, users, type Category, type ResultsVisibility, type Role, type SurveyStatus } from "@/models";

export type { SurveySort };
// The votes-over-time chart still reads its type from here.
export type { VotesOnDay } from "@/lib/surveys/voters";

/** The columns of the fields a surveyor writes, one per entry of the form's field list. */
export const surveyFieldColumns = Object.fromEntries(SURVEY_FIELDS.map((field) => [field, surveys[field]])) as {
  [F in SurveyField]: (typeof surveys)[F];
};

const totalVotes = sql<number>`(${surveys.yesCount} + ${surveys.noCount})`;

// What the public may see of a survey: never voters, comments, reports or the admin's feedback, and
// never the surveyor's address (these rows are cached and shared by every viewer). The surveyor's
// name is the author's byline; their address is added per request, after the cache, for the owner
// and admins only (`surveyorEmailsFor`). The counts are read here but shown only as `resultsHidden`
// allows (lib/surveys/results-visibility.ts); the surveyor's id is for those checks and never leaves the server.
export const publicColumns = {
  id: surveys.id,
  ...surveyFieldColumns,
  createdAt: surveys.createdAt,
  status: surveys.status,
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
  voidedCount: surveys.voidedCount,
  resultsVisibility: surveys.resultsVisibility,
  surveyorId: surveys.surveyorId,
  surveyorName: users.name,
};

/** The public columns and the surveyor's address: for reads by the survey's owner or an admin only. */
export const managedColumns = { ...publicColumns, surveyorEmail: users.email };

/**
 * A survey as the public sees it; plain JSON (dates as ISO strings) so Next's data cache keeps it as is.
 * Its written fields are the form's (the deadline a calendar date, YYYY-MM-DD).
 */
export type PublicSurvey = Required<SurveyFormInput> & {
  id: string;
  /** ISO timestamp. */
  createdAt: string;
  status: SurveyStatus;
  yesCount: number;
  noCount: number;
  /** Votes voided after review (suspended accounts'), no longer in the counts. */
  voidedCount: number;
  surveyorId: string;
  surveyorName: string | null;
};

export type PublicRow = Omit<PublicSurvey, "createdAt"> & { createdAt: Date };
/** A row with `createdAt` as an ISO string; any further columns (the owner's reads) kept as they are. */
export const toPublic = <R extends PublicRow>({ createdAt, ...rest }: R): Omit<R, "createdAt"> & { createdAt: string } => ({
  ...rest,
  createdAt: createdAt.toISOString(),
});

/**
 * The surveyors' addresses `viewer` may see among `list`, by surveyor id: an admin sees every
 * surveyor's, a surveyor their own, anyone else none (an empty map, without a query). Read per
 * request, after the cached rows: an address is never part of a cached or public copy.
 */
export async function surveyorEmailsFor(
  viewer: { id: string; email: string; role: Role } | null | undefined,
  list: readonly Pick<PublicSurvey, "surveyorId">[],
): Promise<ReadonlyMap<string, string>> {
  if (!viewer || list.length === 0) return new Map();
  if (!can(viewer.role, "moderateSurveys")) {
    return new Map(list.some((s) => s.surveyorId === viewer.id) ? [[viewer.id, viewer.email]] : []);
  }
  const db = await getDb();
  const ids = [...new Set(list.map((s) => s.surveyorId))];
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email]));
}

const published = (category?: Category) =>
  and(eq(surveys.status, "publish"), category ? eq(surveys.category, category) : undefined);

const stillOpen = () => sql`not ${closedSql(surveys.deadline)}`;

/**
 * What narrows the public list beyond publication and category: the open/closed filter, on `today`
 * (the site's day, YYYY-MM-DD: the caller's, so that a cached list and the day it was read for are one
 * value; `isClosed` in lib/dates.ts, the rule `closedSql` applies by the database clock), and a search
 * (normalised, `normaliseSearch`).
 */
export type ListFilters = { status?: SurveyStatusFilter; today?: string; q?: string };

const CONFIG = sql.raw(`'${SURVEY_SEARCH_CONFIG}'::regconfig`);

/**
 * The filters as SQL. The search is `websearch_to_tsquery`, which never fails on what people type
 * (quotes, `or`, `-word`; a text of only stop words finds nothing), its text a bound parameter; the
 * column's GIN index finds the matches.
 */
function filtered({ status, today, q }: ListFilters) {
  if (status && !today) throw new Error("the open/closed filter needs the day");
  return and(
    status === "open" ? sql`${surveys.deadline} >= ${today}::date` : undefined,
    status === "closed" ? sql`${surveys.deadline} < ${today}::date` : undefined,
    q ? sql`${surveys.searchVector} @@ websearch_to_tsquery(${CONFIG}, ${q})` : undefined,
  );
}

/**
 * Published surveys, most votes first (ties: newest first) or newest first; one page of them.
 * `openOnly` leaves out surveys whose deadline has passed (the featured list invites votes);
 * `status`, `today` and `q` are the list's filters (`ListFilters`).
 */
export async function listPublishedSurveys(
  options: {
    sort?: SurveySort;
    category?: Category;
    page?: number;
    limit?: number;
    openOnly?: boolean;
    /** Read the (few) matches first and sort them, rather than walk the order's index: `searchPublishedSurveys`. */
    matchesFirst?: boolean;
  } & ListFilters,
): Promise<PublicSurvey[]> {
  const { sort = "totalVotes", category, page = 1, limit = 12, openOnly = false, matchesFirst = false } = options;
  const db = await getDb();
  // The id is the last tie-break so pages never overlap or skip rows with equal keys.
  const order =
    sort === "createdAt"
      ? [desc(surveys.createdAt), desc(surveys.id)]
      : [desc(totalVotes), desc(surveys.createdAt), desc(surveys.id)];
  // The page's ids first, from the index alone (the skipped rows of a deep page are index entries,
  // never joined or read from the table), then those rows with their surveyor.
  const where = and(published(category), openOnly ? stillOpen() : undefined, filtered(options));
  let ids;
  if (matchesFirst) {
    // A limit (far above the matches: never reached) keeps the matches a subquery of their own, which
    // PostgreSQL reads from the GIN index and sorts, instead of walking the order's index in the hope of
    // meeting a match soon. (`offset 0`, the usual fence, is left out of the SQL by Drizzle.)
    const m = db
      .select({ id: surveys.id, yesCount: surveys.yesCount, noCount: surveys.noCount, createdAt: surveys.createdAt })
      .from(surveys)
      .where(where)
      .limit(FILTERED_COUNT_CAP)
      .as("matches");
    const byMatch =
      sort === "createdAt" ? [desc(m.createdAt), desc(m.id)] : [desc(sql`(${m.yesCount} + ${m.noCount})`), desc(m.createdAt), desc(m.id)];
    ids = db.select({ id: m.id }).from(m).orderBy(...byMatch).limit(limit).offset((page - 1) * limit);
  } else {
    ids = db.select({ id: surveys.id }).from(surveys).where(where).orderBy(...order).limit(limit).offset((page - 1) * limit);
  }
  const rows = await db
    .select(publicColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(inArray(surveys.id, ids))
    .orderBy(...order);
  return rows.map(toPublic);
}

/** Published surveys (of one category): the counter the database keeps (lib/db/row-counts.ts). */
export async function countPublishedSurveys(category?: Category): Promise<number> {
  return readCount(category ? `surveys:publish:${category}` : "surveys:publish");
}

/**
 * The most a filtered count counts: one more than the list can show (LIST_PAGE_MAX pages), so the
 * page knows there are more than that without reading every match.
 */
export const FILTERED_COUNT_CAP = LIST_PAGE_MAX * LIST_PAGE_SIZE + 1;

/**
 * A search shows at most this many pages, and counts up to one more than they hold: its count reads
 * the matching rows themselves (a GIN index knows no visibility), 12,001 of them for a common word
 * cost more than the page.
 */
export const SEARCH_PAGE_MAX = 100;
export const SEARCH_COUNT_CAP = SEARCH_PAGE_MAX * LIST_PAGE_SIZE + 1;

/**
 * Published surveys of a filtered view (open or closed, a search), counted up to FILTERED_COUNT_CAP
 * (a search: SEARCH_COUNT_CAP):
 * no counter can be kept for a set that changes with the date or with every search, and counting
 * every match of a common word would read them all. Without a filter, the kept counter.
 */
export async function countListedSurveys(options: { category?: Category } & ListFilters): Promise<number> {
  if (!options.status && !options.q) return countPublishedSurveys(options.category);
  const db = await getDb();
  const matches = db
    .select({ one: sql`1` })
    .from(surveys)
    .where(and(published(options.category), filtered(options)))
    .limit(options.q ? SEARCH_COUNT_CAP : FILTERED_COUNT_CAP)
    .as("matches");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row.n;
}

/**
 * Up to this many matches (all a search counts) a search reads them all and sorts them; beyond, it
 * walks the order's index, where at least one row in 80 (of 100,000) matches and a page is met soon.
 * PostgreSQL cannot tell the two apart by itself: it guesses a search's matches, and a rare or absent
 * word guessed common made it walk every published survey (80 ms at 100,000) for a page it never filled.
 */
export const MATCHES_FIRST_MAX = SEARCH_COUNT_CAP - 1;

/**
 * A search's page and count: the count first (up to SEARCH_COUNT_CAP, cheap from the GIN index for a
 * rare word), then the page by the way that suits that many matches; none, no page to read.
 */
export async function searchPublishedSurveys(
  options: { sort?: SurveySort; category?: Category; page?: number; limit?: number } & ListFilters,
): Promise<{ surveys: PublicSurvey[]; total: number }> {
  const total = await countListedSurveys(options);
  if (total === 0) return { surveys: [], total };
  return { surveys: await listPublishedSurveys({ ...options, matchesFirst: total <= MATCHES_FIRST_MAX }), total };
}

export async function getPublishedSurvey(id: string): Promise<PublicSurvey | null> {
  const db = await getDb();
  const [row] = await db
    .select(publicColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(publishedSurvey(id));
  return row ? toPublic(row) : null;
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

/** The survey `id` as the public may see it: published. */
export const publishedSurvey = (id: string) => and(eq(surveys.id, id), eq(surveys.status, "publish"));

/** What a survey's figures are shown from: its counts, who may see them, and whether voting has closed. */
export const figureColumns = () => ({
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
  resultsVisibility: surveys.resultsVisibility,
  surveyorId: surveys.surveyorId,
  deadlinePassed: closedSql(surveys.deadline),
});

/**
 * A published survey's live figures (null when unknown or unpublished): one indexed row, with what
 * decides who may see them.
 */
export async function getSurveyCounts(id: string): Promise<{
  yesCount: number;
  noCount: number;
  deadlinePassed: boolean;
  resultsVisibility: ResultsVisibility;
  surveyorId: string;
} | null> {
  const db = await getDb();
  const [row] = await db
    .select(figureColumns())
    .from(surveys)
    .where(publishedSurvey(id));
  return row ?? null;
}
