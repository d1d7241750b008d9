import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { verificationRequired } from "@/lib/accounts/account-email";
import { EMAIL_UNVERIFIED_MESSAGE } from "@/lib/accounts/email-links-schema";
import { queueWebhookEvent } from "@/lib/integrations/webhooks/queue";
import { publishedSurvey } from "@/lib/surveys/queries";
import { reports, surveys, users, type Category, type Role, type SurveyStatus } from "@/models";

/**
 * Records a person's one report of a published survey. The unique (survey_id, user_id) index makes a
 * second report a no-op, which the caller learns as a 409. Where the site requires a verified address,
 * the statement also finds the reporter's verified (403 `email_unverified` otherwise). The surveyor's
 * `survey.reported` webhooks are queued in the report's transaction (never saying who reported).
 */
export async function reportSurvey(input: { surveyId: string; userId: string; role: Role }): Promise<{ id: string }> {
  if (!can(input.role, "report")) throw new ApiError("forbidden", "Only user accounts can report surveys");
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await queryRows<{ id: string }>(
      tx as never,
      sql`insert into ${reports} (survey_id, user_id)
          select ${surveys.id}, ${input.userId}::uuid from ${surveys}
          where ${surveys.id} = ${input.surveyId} and ${surveys.status} = 'publish'
            and exists (select 1 from ${users} where ${users.id} = ${input.userId}::uuid
              and (${users.emailVerified} is not null or not ${verificationRequired()}::boolean))
          on conflict (survey_id, user_id) do nothing
          returning id`,
    );
    if (inserted) await queueWebhookEvent(tx, "survey.reported", input.surveyId);
    return inserted;
  });
  if (row) return row;
  const [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(publishedSurvey(input.surveyId));
  if (!survey) throw new ApiError("not_found", "Survey not found");
  const [reporter] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, input.userId));
  if (reporter && !reporter.emailVerified && verificationRequired()) throw new ApiError("email_unverified", EMAIL_UNVERIFIED_MESSAGE);
  throw new ApiError("conflict", "You have already reported this survey");
}

export type ReportedSurvey = {
  id: string;
  title: string;
  description: string;
  category: Category;
  status: SurveyStatus;
  reportedAt: Date;
};

/** The surveys a person reported, newest report first. */
export async function listReportedSurveys(userId: string): Promise<ReportedSurvey[]> {
  const db = await getDb();
  return db
    .select({
      id: surveys.id,
      title: surveys.title,
      description: surveys.description,
      category: surveys.category,
      status: surveys.status,
      reportedAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(surveys, eq(surveys.id, reports.surveyId))
    .where(eq(reports.userId, userId))
    .orderBy(desc(reports.createdAt), surveys.title);
}
