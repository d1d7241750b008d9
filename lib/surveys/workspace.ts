// The surveyor's workspace: create, update, their own list and feedback. Every read of one survey
// goes through `getManagedSurvey`: 404 for an unknown id, 403 for someone else's survey (an admin
// may read any). Its voters are in survey-voters.ts.
import "server-only";
import { and, asc, count, desc, eq, isNotNull, ne } from "drizzle-orm";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { emit } from "@/lib/events";
import { managedColumns, publicColumns, toPublic, type PublicSurvey } from "@/lib/surveys/queries";
import { surveyFieldsOf, type SurveyFormInput } from "@/lib/surveys/schema";
import { surveys, users, type Role, type SurveyStatus } from "@/models";

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
    .select(publicColumns)
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(surveys.id, id));
  if (!row) return null;
  return row.surveyorId === viewer.id || can(viewer.role, "moderateSurveys") ? toPublic(row) : null;
}

/**
 * Every survey of one surveyor, whatever its status, with the admin's feedback: for that surveyor
 * or an admin only (a surveyor asking for someone else's list is refused).
 */
export async function listSurveysOfSurveyor(
  email: string,
  viewer: { email: string; role: Role },
): Promise<ManagedSurvey[]> {
  const own = viewer.email === email.toLowerCase() && can(viewer.role, "manageOwnSurveys");
  if (!own && !can(viewer.role, "moderateSurveys")) throw new ApiError("forbidden", "You can only list your own surveys");
  const db = await getDb();
  const rows = await db
    .select({ ...managedColumns, feedback: surveys.feedback, reviewRequestedAt: surveys.reviewRequestedAt })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(users.email, email.toLowerCase()))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(1000);
  return rows.map((row) => ({ ...toPublic(row), feedback: row.feedback, reviewRequestedAt: row.reviewRequestedAt?.toISOString() ?? null }));
}

/**
 * A survey as its surveyor (or an admin) sees it: the public fields plus the surveyor's address, the
 * admin's feedback and when its surveyor asked for a review of it (ISO; lib/surveys/review-request.ts).
 */
export type ManagedSurvey = PublicSurvey & { surveyorEmail: string; feedback: string | null; reviewRequestedAt: string | null };

/** Creates a survey owned by `ownerId`; it starts published with no votes, as in the original. */
export async function createSurvey(ownerId: string, fields: SurveyFormInput): Promise<{ id: string }> {
  const db = await getDb();
  const [row] = await db
    .insert(surveys)
    .values({ ...fields, surveyorId: ownerId })
    .returning({ id: surveys.id });
  emit({ type: "survey.created", surveyId: row.id });
  return row;
}

/** A survey for its own surveyor or an admin; 404 when unknown, 403 when it is someone else's. */
export async function getManagedSurvey(id: string, viewer: { id: string; role: Role }): Promise<ManagedSurvey> {
  const db = await getDb();
  const [row] = await db
    .select({ ...managedColumns, feedback: surveys.feedback, reviewRequestedAt: surveys.reviewRequestedAt })
    .from(surveys)
    .innerJoin(users, eq(users.id, surveys.surveyorId))
    .where(eq(surveys.id, id));
  if (!row) throw notFound("No such survey");
  const own = row.surveyorId === viewer.id && can(viewer.role, "manageOwnSurveys");
  if (!own && !can(viewer.role, "moderateSurveys")) throw forbidden("You can only manage your own surveys");
  return { ...row, createdAt: row.createdAt.toISOString(), reviewRequestedAt: row.reviewRequestedAt?.toISOString() ?? null };
}

/**
 * Writes the form fields of a survey, and nothing else: counts, status, owner, feedback and the
 * creation date are not in the statement. `fields` is already validated (strict schema).
 */
export async function updateSurveyFields(id: string, fields: SurveyFormInput): Promise<{ modifiedCount: number }> {
  const db = await getDb();
  const rows = await db
    .update(surveys)
    // Every field of the form's list that was sent: an optional one left out (the results'
    // visibility) stays as it is.
    .set(surveyFieldsOf(fields))
    .where(eq(surveys.id, id))
    .returning({ id: surveys.id });
  if (rows.length > 0) emit({ type: "survey.updated", surveyId: id });
  return { modifiedCount: rows.length };
}

export type OwnSurveyRow = Pick<PublicSurvey, "id" | "title" | "category" | "deadline" | "status" | "yesCount" | "noCount">;

/**
 * One page of a surveyor's own surveys, newest first (index: surveys_surveyor_created_idx). With
 * `total` (countOwnSurveys), a page in the second half is read from the oldest end and reversed, so
 * the last page of 2,000 surveys costs what the first does.
 */
export async function listOwnSurveys(surveyorId: string, window: { limit: number; offset: number }, total?: number): Promise<OwnSurveyRow[]> {
  const db = await getDb();
  const query = db
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
    .where(eq(surveys.surveyorId, surveyorId));
  if (total !== undefined && window.offset > total / 2) {
    const end = Math.min(window.offset + window.limit, total);
    if (end <= window.offset) return [];
    const rows = await query.orderBy(asc(surveys.createdAt), asc(surveys.id)).limit(end - window.offset).offset(total - end);
    return rows.reverse();
  }
  return query.orderBy(desc(surveys.createdAt), desc(surveys.id)).limit(window.limit).offset(window.offset);
}

export async function countOwnSurveys(surveyorId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(surveys).where(eq(surveys.surveyorId, surveyorId));
  return row?.n ?? 0;
}

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
