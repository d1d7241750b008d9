import "server-only";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { surveys, users, type Category, type Role, type SurveyStatus } from "@/models";
import type { SurveySort } from "@/lib/validation/surveys";

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

/**
 * The REST contract's shape of a survey (the first implementation's field names). Voter lists,
 * comments, reports and feedback are never part of it.
 */
export function toSurveyJson(survey: PublicSurvey) {
  return {
    _id: survey.id,
    title: survey.title,
    description: survey.description,
    category: survey.category,
    deadline: survey.deadline,
    createdAt: survey.createdAt,
    questionTitle: survey.questionTitle,
    questionDescription: survey.questionDescription,
    status: survey.status,
    yesCount: survey.yesCount,
    noCount: survey.noCount,
    totalVotes: survey.yesCount + survey.noCount,
    surveyorEmail: survey.surveyorEmail,
  };
}
