// The public reads of surveys: published ones only, and only what the public may see of them. The
// surveyor's workspace is in surveyor-workspace.ts, a survey's voters in survey-voters.ts.
import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { can } from "@/lib/auth/permissions";
import { readCount } from "@/lib/db/row-counts";
import { closedSql } from "@/lib/site-dates";
import { SURVEY_FIELDS, type SurveyField, type SurveyFormInput } from "@/lib/surveys/schema";
import type { SurveySort } from "@/lib/surveys/list-schema";
import { surveys, users, type Category, type ResultsVisibility, type Role, type SurveyStatus } from "@/models";

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
  // The page's ids first, from the index alone (the skipped rows of a deep page are index entries,
  // never joined or read from the table), then those rows with their surveyor.
  const ids = db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(published(category), openOnly ? stillOpen() : undefined))
    .orderBy(...order)
    .limit(limit)
    .offset((page - 1) * limit);
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
