import "server-only";
import { desc, eq, gt } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { emit } from "@/lib/events";
import { recordAudit } from "@/lib/moderation/audit";
import { queueUnpublishedMail } from "@/lib/surveys/notifications";
import { readCount } from "@/lib/db/row-counts";
import { FEEDBACK_REQUIRED } from "@/lib/moderation/schema";
import { surveys, users, type ResultsVisibility, type SurveyStatus } from "@/models";

/**
 * An admin publishes or unpublishes a survey; one audit row records each change, in the same
 * transaction. Unpublishing needs a non-blank feedback message (422 otherwise, nothing changed),
 * which becomes the survey's feedback, the text its surveyor reads on the Feedbacks page.
 *
 * Publishing needs no message and keeps the last feedback: the surveyor still sees why the survey had
 * been unpublished, next to its status, now `publish` again (a message sent with a publish replaces
 * it). A change emits its event once committed, so the public pages follow at once (lib/events.ts).
 */
export async function setSurveyStatus(input: {
  actorId: string;
  surveyId: string;
  status: SurveyStatus;
  feedbackMessage?: string;
}): Promise<{ modifiedCount: number }> {
  const feedback = input.feedbackMessage?.trim() || undefined;
  if (input.status === "unpublish" && !feedback) throw new ApiError("unprocessable", FEEDBACK_REQUIRED);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    // The actor's role as it is now (shared lock: a concurrent role change waits, or we wait for it).
    const [actor] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.actorId)).for("share");
    if (!can(actor?.role, "moderateSurveys")) throw new ApiError("forbidden", "Only admins can publish or unpublish surveys");
    const [current] = await tx
      .select({ status: surveys.status, feedback: surveys.feedback, title: surveys.title, surveyorId: surveys.surveyorId })
      .from(surveys)
      .where(eq(surveys.id, input.surveyId))
      .for("update");
    if (!current) throw notFound("No such survey");
    const nextFeedback = feedback ?? current.feedback;
    if (current.status === input.status && nextFeedback === current.feedback) return { modifiedCount: 0 };
    await tx.update(surveys).set({ status: input.status, feedback: nextFeedback }).where(eq(surveys.id, input.surveyId));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "survey_status",
      targetSurveyId: input.surveyId,
      oldValue: current.status,
      newValue: input.status,
      feedback: feedback ?? null,
    });
    // The surveyor hears of it by mail, with the feedback, once per unpublishing.
    if (input.status === "unpublish" && current.status !== "unpublish" && feedback) {
      await queueUnpublishedMail(tx, { id: input.surveyId, title: current.title, surveyorId: current.surveyorId }, feedback);
    }
    return { modifiedCount: 1 };
  });
  if (result.modifiedCount > 0) emit({ type: input.status === "publish" ? "survey.published" : "survey.unpublished", surveyId: input.surveyId });
  return result;
}

export type ModeratedSurvey = {
  id: string;
  title: string;
  description: string;
  status: SurveyStatus;
  feedback: string | null;
  createdAt: Date;
  surveyorEmail: string;
  reports: number;
  /** The admin sees the counts whatever the survey's results visibility. */
  yesCount: number;
  noCount: number;
  deadline: string;
  resultsVisibility: ResultsVisibility;
};

/**
 * Every survey, published or not, for the admin's Manage Surveys page: newest first over the
 * (created_at, id) index, each with how many people reported it (`report_count`, kept by a trigger on
 * reports). `reportedOnly` lists only reported surveys, most reported first (surveys_reported_idx).
 */
export async function listSurveysForModeration(options: {
  reportedOnly?: boolean;
  page?: number;
  limit?: number;
}): Promise<{ rows: ModeratedSurvey[]; total: number }> {
  const { reportedOnly = false, page = 1, limit = 20 } = options;
  const db = await getDb();
  const columns = {
    id: surveys.id,
    title: surveys.title,
    description: surveys.description,
    status: surveys.status,
    feedback: surveys.feedback,
    createdAt: surveys.createdAt,
    surveyorEmail: users.email,
    yesCount: surveys.yesCount,
    noCount: surveys.noCount,
    deadline: surveys.deadline,
    resultsVisibility: surveys.resultsVisibility,
  };
  const offset = (page - 1) * limit;
  // The reports per survey and the totals are kept by the database (surveys.report_count,
  // lib/db/row-counts.ts): no page counts every survey or every report.
  const [rows, total] = await Promise.all([
    db
      .select({ ...columns, reports: surveys.reportCount })
      .from(surveys)
      .innerJoin(users, eq(users.id, surveys.surveyorId))
      .where(reportedOnly ? gt(surveys.reportCount, 0) : undefined)
      .orderBy(...(reportedOnly ? [desc(surveys.reportCount)] : []), desc(surveys.createdAt), desc(surveys.id))
      .limit(limit)
      .offset(offset),
    readCount(reportedOnly ? "surveys:reported" : "surveys"),
  ]);
  return { rows, total };
}
