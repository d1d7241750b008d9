import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { cursorPage, exactTime, olderThan, readCursor } from "@/lib/api/cursor";
import { ApiError, notFound } from "@/lib/api/errors";
import { parseBody } from "@/lib/api/handler";
import { isClosed } from "@/lib/dates";
import { getDb } from "@/lib/db";
import { siteToday } from "@/lib/site-dates";
import { resultReadingText } from "@/lib/surveys/results-text";
import { resultsTranslator } from "@/lib/surveys/results-translator";
import { minDeadlineForUpdate, surveyFieldValues, surveyFormSchema } from "@/lib/surveys/schema";
import { resultStats } from "@/lib/surveys/stats";
import { createSurvey, updateSurveyFields } from "@/lib/surveys/workspace";
import type { PublicRow } from "@/lib/surveys/queries";
import { surveys, type ResultsVisibility } from "@/models";
import type { V1Survey } from "./schemas";

// The caller's own surveys through /api/v1: a key acts for its owner's tools, so every call here is
// about the owner's surveys alone, an admin's key included (no admin powers through a key), and any
// other survey is 404, exactly as an unknown one (a key cannot probe which ids exist). Writes go
// through the site's own services (lib/surveys/workspace.ts, lib/moderation/moderation.ts).

const columns = {
  id: surveys.id,
  title: surveys.title,
  description: surveys.description,
  category: surveys.category,
  deadline: surveys.deadline,
  questionTitle: surveys.questionTitle,
  questionDescription: surveys.questionDescription,
  resultsVisibility: surveys.resultsVisibility,
  status: surveys.status,
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
  voidedCount: surveys.voidedCount,
  feedback: surveys.feedback,
  createdAt: surveys.createdAt,
};

type Row = Omit<PublicRow, "surveyorId" | "surveyorName"> & { resultsVisibility: ResultsVisibility; feedback: string | null };

function toV1Survey(row: Row, today: string): V1Survey {
  return {
    id: row.id,
    ...surveyFieldValues(row),
    status: row.status,
    closed: isClosed(row.deadline, today),
    yesCount: row.yesCount,
    noCount: row.noCount,
    voidedCount: row.voidedCount,
    feedback: row.feedback,
    createdAt: row.createdAt.toISOString(),
  };
}

const notOwn = () => notFound("No such survey among yours");

async function ownRow(ownerId: string, surveyId: string): Promise<Row> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), eq(surveys.surveyorId, ownerId)));
  if (!row) throw notOwn();
  return row;
}

/** One of the owner's surveys; 404 for any other. */
export async function getOwnSurvey(ownerId: string, surveyId: string): Promise<V1Survey> {
  return toV1Survey(await ownRow(ownerId, surveyId), siteToday());
}

/** A page of the owner's surveys, newest first (index: surveys_surveyor_created_idx). */
export async function listOwnSurveysPage(ownerId: string, query: { cursor?: string; limit: number }): Promise<{ data: V1Survey[]; nextCursor: string | null }> {
  const cursor = readCursor(query.cursor);
  const db = await getDb();
  const rows = await db
    .select({ ...columns, exact: exactTime(surveys.createdAt) })
    .from(surveys)
    .where(and(eq(surveys.surveyorId, ownerId), cursor ? olderThan(surveys, cursor) : undefined))
    .orderBy(desc(surveys.createdAt), desc(surveys.id))
    .limit(query.limit + 1);
  const { data, nextCursor } = cursorPage(rows, query.limit, (row) => row.exact);
  const today = siteToday();
  return { data: data.map((row) => toV1Survey(row, today)), nextCursor };
}

/** Creates a survey of the owner's with the create form's rules (the deadline from today on). */
export async function createOwnSurvey(ownerId: string, body: unknown): Promise<V1Survey> {
  const fields = parseBody(surveyFormSchema(siteToday()), body);
  const { id } = await createSurvey(ownerId, fields);
  return getOwnSurvey(ownerId, id);
}

/**
 * Changes some of the form's fields of one of the owner's surveys: the fields sent over the survey's
 * own, checked whole by the update form's rules (a deadline from today on, or the survey's own if
 * earlier), then written by the site's update.
 */
export async function updateOwnSurvey(ownerId: string, surveyId: string, body: unknown): Promise<V1Survey> {
  const current = await ownRow(ownerId, surveyId);
  const sent = parseBody(surveyFormSchema("").partial(), body);
  if (Object.values(sent).every((value) => value === undefined)) throw new ApiError("bad_request", "Send at least one field to change");
  const fields = parseBody(surveyFormSchema(minDeadlineForUpdate(siteToday(), current.deadline)), { ...surveyFieldValues(current), ...sent });
  await updateSurveyFields(surveyId, fields);
  return getOwnSurvey(ownerId, surveyId);
}

/** A survey's counts and what they say, for its owner: always, whatever the public is shown. */
export async function ownSurveyResults(ownerId: string, surveyId: string) {
  const row = await ownRow(ownerId, surveyId);
  const stats = resultStats(row.yesCount, row.noCount);
  return {
    surveyId: row.id,
    yesCount: row.yesCount,
    noCount: row.noCount,
    voidedCount: row.voidedCount,
    closed: isClosed(row.deadline, siteToday()),
    stats: {
      n: stats.n,
      share: stats.yesShare,
      interval: { low: stats.low, high: stats.high, level: 0.95 as const },
      verdict: stats.verdict,
      // The API speaks English, as its reference does.
      text: resultReadingText(stats, resultsTranslator("en")),
    },
  };
}
