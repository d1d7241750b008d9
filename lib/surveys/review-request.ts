// A surveyor asks the admins to review again a survey an admin unpublished (the unpublished mail tells
// them to: lib/mail/templates.ts). The request is `surveys.review_requested_at`; the admin's next publish
// or unpublish clears it (lib/moderation/moderation.ts), which is what lets the surveyor ask again.
import "server-only";
import { and, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { ApiError, forbidden, notFound } from "@/lib/api/errors";
import { getDb, type Tx } from "@/lib/db";
import { reserve } from "@/lib/limits/apply";
import { mailLink, mailLocale } from "@/lib/mail/i18n";
import { enqueueMails } from "@/lib/mail/outbox";
import { reviewRequestedMail } from "@/lib/mail/templates";
import { mailConfigured } from "@/lib/mail/transport";
import { recordAudit } from "@/lib/moderation/audit";
import { REVIEW_ALREADY_REQUESTED, REVIEW_ONLY_UNPUBLISHED } from "@/lib/surveys/review-schema";
import { surveys, users } from "@/models";

/**
 * The survey's own surveyor (an admin too, for a survey of their own; never for someone else's) asks
 * for a review (who may ask at all is the route's `manageOwnSurveys`) of an unpublished survey: 404 unknown, 403 someone else's, 409 published or already
 * asked since the admin's last decision. In one transaction: the request, its audit row and one mail
 * per admin. Asks are counted per account (`reviews.account`, lib/limits/table.ts) before anything is
 * read, and kept whatever the answer.
 *
 * Whether the survey was updated since it was unpublished is not checked: surveys keep no time of their
 * last update (and updates are not audited), so that would take a new column. The surveyor may ask
 * any time it is unpublished; the admin reads the survey as it is now.
 *
 * No event: nothing public changes (the survey stays unpublished); the dashboards read the column.
 */
export async function requestReview(input: { surveyId: string; actorId: string }): Promise<{ reviewRequestedAt: Date }> {
  await reserve([["reviews.account", input.actorId]]);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locked: a concurrent second ask, or the admin's decision, waits for this one and then sees it.
    const [survey] = await tx
      .select({
        title: surveys.title,
        status: surveys.status,
        feedback: surveys.feedback,
        surveyorId: surveys.surveyorId,
        reviewRequestedAt: surveys.reviewRequestedAt,
      })
      .from(surveys)
      .where(eq(surveys.id, input.surveyId))
      .for("update");
    if (!survey) throw notFound("No such survey");
    if (survey.surveyorId !== input.actorId) throw forbidden("You can only ask for a review of your own surveys");
    if (survey.status !== "unpublish") throw new ApiError("conflict", REVIEW_ONLY_UNPUBLISHED);
    if (survey.reviewRequestedAt) throw new ApiError("conflict", REVIEW_ALREADY_REQUESTED);
    const [row] = await tx
      .update(surveys)
      .set({ reviewRequestedAt: new Date() })
      .where(eq(surveys.id, input.surveyId))
      .returning({ reviewRequestedAt: surveys.reviewRequestedAt });
    await recordAudit(tx, { actorId: input.actorId, action: "review_request", targetSurveyId: input.surveyId });
    await queueReviewRequestedMails(tx, { id: input.surveyId, title: survey.title, feedback: survey.feedback, surveyorId: input.actorId });
    return { reviewRequestedAt: row.reviewRequestedAt! };
  });
}

/**
 * One mail per admin who can receive it (a verified address, an account neither deleted nor suspended),
 * the asker left out when an admin asks about a survey of their own. Admins' `mail_survey_news`
 * preference is not asked: it is about a person's own surveys ("News of my own surveys"), and a request
 * for review is the admins' work, which turning that off must not silence. So no unsubscribe link.
 */
async function queueReviewRequestedMails(tx: Tx, survey: { id: string; title: string; feedback: string | null; surveyorId: string }) {
  if (!mailConfigured()) return;
  const [surveyor] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, survey.surveyorId));
  const admins = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.role, "admin"), ne(users.id, survey.surveyorId), isNull(users.deletedAt), isNull(users.suspendedAt), isNotNull(users.emailVerified)));
  // Each admin in their own language.
  const mails = await Promise.all(
    admins.map(async (admin) => {
      const locale = mailLocale(admin.locale);
      return {
        kind: "review_requested",
        userId: admin.id,
        to: admin.email,
        ...(await reviewRequestedMail({
          locale,
          name: admin.name,
          surveyor: { name: surveyor?.name ?? null, email: surveyor?.email ?? "" },
          title: survey.title,
          feedback: survey.feedback,
          url: mailLink(locale, `/dashboard/admin/surveys/${survey.id}`),
        })),
      };
    }),
  );
  await enqueueMails(tx, mails);
}
