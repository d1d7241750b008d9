import "server-only";
import { and, count, desc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { emit } from "@/lib/events";
import { queueWebhookEvent } from "@/lib/integrations/webhooks/queue";
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
 *
 * Either decision answers a surveyor's request for a review (lib/surveys/review-request.ts): it clears
 * `review_requested_at`, so the surveyor may ask again after the next unpublish. With a request pending,
 * unpublishing again with the same feedback is a decision too (audited, the request cleared), not "nothing
 * changed".
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
      .select({ status: surveys.status, feedback: surveys.feedback, title: surveys.title, surveyorId: surveys.surveyorId, reviewRequestedAt: surveys.reviewRequestedAt })
      .from(surveys)
      .where(eq(surveys.id, input.surveyId))
      .for("update");
    if (!current) throw notFound("No such survey");
    const nextFeedback = feedback ?? current.feedback;
    if (current.status === input.status && nextFeedback === current.feedback && !current.reviewRequestedAt) return { modifiedCount: 0 };
    await tx.update(surveys).set({ status: input.status, feedback: nextFeedback, reviewRequestedAt: null }).where(eq(surveys.id, input.surveyId));
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "survey_status",
      targetSurveyId: input.surveyId,
      oldValue: current.status,
      newValue: input.status,
      feedback: feedback ?? null,
    });
    // The surveyor hears of it by mail, with the feedback, once per unpublishing, and when an unpublish
    // again answers their request for a review.
    const unpublishing = input.status === "unpublish" && (current.status !== "unpublish" || current.reviewRequestedAt !== null);
    if (unpublishing && feedback) {
      await queueUnpublishedMail(tx, { id: input.surveyId, title: current.title, surveyorId: current.surveyorId }, feedback);
    }
    // The surveyor's webhooks hear of the same decisions, in this transaction (lib/integrations/webhooks/).
    if (unpublishing) await queueWebhookEvent(tx, "survey.unpublished", input.surveyId);
    if (input.status === "publish" && current.status !== "publish") await queueWebhookEvent(tx, "survey.published", input.surveyId);
    return { modifiedCount: 1 };
  });
  if (result.modifiedCount > 0) emit({ type: input.status === "publish" ? "survey.published" : "survey.unpublished", surveyId: input.surveyId });
  return result;
}

/**
 * A survey's own surveyor withdraws it from the public site (through /api/v1): `unpublish`, recorded
 * as a status change by its owner, with the same event as an admin's unpublishing. No feedback and no
 * mail: nobody but the owner decided. To have it published again they ask the admins for a review
 * (lib/surveys/review-request.ts), as after an admin's unpublishing. Null when `ownerId` has no such
 * survey; already unpublished, nothing changes.
 */
export async function unpublishOwnSurvey(ownerId: string, surveyId: string): Promise<{ modifiedCount: number } | null> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: surveys.status })
      .from(surveys)
      .where(and(eq(surveys.id, surveyId), eq(surveys.surveyorId, ownerId)))
      .for("update");
    if (!current) return null;
    if (current.status === "unpublish") return { modifiedCount: 0 };
    await tx.update(surveys).set({ status: "unpublish" }).where(eq(surveys.id, surveyId));
    await recordAudit(tx, { actorId: ownerId, action: "survey_status", targetSurveyId: surveyId, oldValue: current.status, newValue: "unpublish" });
    // Its owner's webhooks hear of it too, without an admin's feedback (any kept from before is not this decision's).
    await queueWebhookEvent(tx, "survey.unpublished", surveyId, { feedback: null });
    return { modifiedCount: 1 };
  });
  if (result?.modifiedCount) emit({ type: "survey.unpublished", surveyId });
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
  /** When its surveyor asked for a review of it, unpublished, since the admins' last decision. */
  reviewRequestedAt: Date | null;
};

const moderationColumns = {
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
  reviewRequestedAt: surveys.reviewRequestedAt,
  reports: surveys.reportCount,
};

/**
 * The surveys waiting for a review. A request exists only on an unpublished survey (it is made only
 * there, and every publish or unpublish clears it), so the filter names `status = 'unpublish'` too: the
 * rows are then read from the unpublished slice of surveys_status_created_idx, in its order (newest
 * first), without a sort and without an index of their own (which would take a migration). That slice is
 * what admins unpublished, a small share of the surveys, so it is counted here rather than kept in
 * row_counts.
 */
const waitingForReview = and(eq(surveys.status, "unpublish"), isNotNull(surveys.reviewRequestedAt));

/**
 * Every survey, published or not, for the admin's Manage Surveys page: newest first over the
 * (created_at, id) index, each with how many people reported it (`report_count`, kept by a trigger on
 * reports). `reportedOnly` lists only reported surveys, most reported first (surveys_reported_idx);
 * `reviewRequestedOnly` (which wins over it) only those whose surveyor asked for a review, newest first.
 */
export async function listSurveysForModeration(options: {
  reportedOnly?: boolean;
  reviewRequestedOnly?: boolean;
  page?: number;
  limit?: number;
}): Promise<{ rows: ModeratedSurvey[]; total: number }> {
  const { reviewRequestedOnly = false, page = 1, limit = 20 } = options;
  const reportedOnly = !reviewRequestedOnly && options.reportedOnly === true;
  const db = await getDb();
  const offset = (page - 1) * limit;
  const countWaiting = async () => (await db.select({ n: count() }).from(surveys).where(waitingForReview))[0]?.n ?? 0;
  // The reports per survey and the totals are kept by the database (surveys.report_count,
  // lib/db/row-counts.ts): no page counts every survey or every report.
  const order = [...(reportedOnly ? [desc(surveys.reportCount)] : []), desc(surveys.createdAt), desc(surveys.id)];
  // The page's ids first, from the index alone, then only those rows with their surveyor: joining
  // first fetched the surveyor of every survey skipped (the middle of 100,000 surveys: 64 ms, 6 ms now).
  const pageIds = db
    .select({ id: surveys.id })
    .from(surveys)
    .where(reviewRequestedOnly ? waitingForReview : reportedOnly ? gt(surveys.reportCount, 0) : undefined)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, total] = await Promise.all([
    db
      .select(moderationColumns)
      .from(surveys)
      .innerJoin(users, eq(users.id, surveys.surveyorId))
      .where(inArray(surveys.id, pageIds))
      .orderBy(...order),
    reviewRequestedOnly ? countWaiting() : readCount(reportedOnly ? "surveys:reported" : "surveys"),
  ]);
  return { rows, total };
}
