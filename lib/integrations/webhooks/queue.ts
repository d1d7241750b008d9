import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { wakeJob } from "@/lib/jobs/runner";
import { surveyHref } from "@/lib/public-urls";
import { siteUrl } from "@/lib/seo";
import { surveys, webhookDeliveries, webhookEndpoints } from "@/models";
import type { SurveySummary, WebhookEvent, WebhookPayload } from "./schema";

// Queuing webhook deliveries (docs/webhooks.md): one row of webhook_deliveries per event and endpoint
// subscribed to it, written in the transaction of the change that is the event (an admin's publish
// or unpublish, the close job's claim, a report), so a delivery exists exactly when its change does,
// whatever crashes after the commit. The delivery job (./delivery.ts) sends them.
//
// `vote.created` is the exception: a vote is one statement on the hot path (lib/votes/votes.ts), which
// already answers whether the survey's owner has an endpoint for it (so a survey without one costs no
// query at all). Only then is the batch queued, right after the vote's commit: one pending delivery
// per survey and endpoint (`batch_key`, a unique partial index), due a few seconds later; later votes
// find it pending and add nothing. Its totals are read again when it is first sent, so it carries the
// latest ones. A crash between the vote's commit and this insert loses that batch, not the vote: the
// next vote queues one with the totals that include it.

/** The job that sends deliveries (lib/jobs/registry.ts): queuing wakes it. */
export const DELIVER_WEBHOOKS_JOB = "webhooks.deliver";
/** A survey's votes are sent at most once per this many seconds per endpoint. */
export const VOTE_BATCH_SECONDS = 5;

/** What a payload says of a survey, as read from its row. */
export type SurveyFacts = {
  id: string;
  title: string;
  questionTitle: string;
  deadline: string;
  status: "publish" | "unpublish";
  feedback: string | null;
  yesCount: number;
  noCount: number;
  reportCount: number;
};

export const surveyFactColumns = {
  id: surveys.id,
  title: surveys.title,
  questionTitle: surveys.questionTitle,
  deadline: surveys.deadline,
  status: surveys.status,
  feedback: surveys.feedback,
  yesCount: surveys.yesCount,
  noCount: surveys.noCount,
  reportCount: surveys.reportCount,
};

function surveySummary(row: SurveyFacts): SurveySummary {
  return { id: row.id, title: row.title, question: row.questionTitle, deadline: row.deadline, status: row.status, url: `${siteUrl()}${surveyHref(row.id)}` };
}

const totalsOf = (row: SurveyFacts) => ({ yes: row.yesCount, no: row.noCount, total: row.yesCount + row.noCount });

/** An event's body as its receiver gets it (lib/integrations/webhooks/schema.ts describes each). */
export function payloadOf(type: WebhookEvent, row: SurveyFacts, at = new Date()): WebhookPayload {
  const survey = surveySummary(row);
  const timestamp = at.toISOString();
  switch (type) {
    case "survey.published":
      return { type, timestamp, data: { survey } };
    case "survey.unpublished":
      return { type, timestamp, data: { survey, feedback: row.feedback ?? "" } };
    case "survey.closed":
      return { type, timestamp, data: { survey, results: totalsOf(row) } };
    case "vote.created":
      return { type, timestamp, data: { survey, totals: totalsOf(row) } };
    case "survey.reported":
      return { type, timestamp, data: { survey, reports: row.reportCount } };
  }
}

/** The owner's endpoints that take this event and are not turned off. */
const subscribed = (type: WebhookEvent) => and(isNull(webhookEndpoints.disabledAt), sql`${type} = any(${webhookEndpoints.events})`);

/** Whether any endpoint of the site takes this event (the close job runs without mail only then). */
export async function webhooksWanted(type: WebhookEvent): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(subscribed(type)).limit(1);
  return row !== undefined;
}

/**
 * Queues `type` about a survey for every endpoint of its owner subscribed to it, in the caller's
 * transaction and after its change (the payload reads the survey as the change left it). One indexed
 * query when the owner has no such endpoint. Answers how many were queued.
 */
export async function queueWebhookEvent(
  tx: Tx,
  type: Exclude<WebhookEvent, "vote.created">,
  surveyId: string,
  /** What the event says otherwise than the survey's row (an owner's own unpublishing has no feedback). */
  overrides: Partial<Pick<SurveyFacts, "feedback">> = {},
): Promise<number> {
  const targets = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(surveys, and(eq(surveys.id, surveyId), eq(surveys.surveyorId, webhookEndpoints.userId)))
    .where(subscribed(type));
  if (targets.length === 0) return 0;
  const [row] = await tx.select(surveyFactColumns).from(surveys).where(eq(surveys.id, surveyId));
  const payload = payloadOf(type, { ...row, ...overrides });
  await tx.insert(webhookDeliveries).values(targets.map((endpoint) => ({ endpointId: endpoint.id, eventType: type, surveyId, payload })));
  // Runs once the caller's transaction has committed (a moment later), not at the next poll.
  wakeJob(DELIVER_WEBHOOKS_JOB);
  return targets.length;
}

/**
 * A counted vote on a survey whose owner has a `vote.created` endpoint (the vote's statement said so):
 * the survey's pending batch for each such endpoint, due in VOTE_BATCH_SECONDS, unless one is already
 * pending. `row` is the survey as the vote left it.
 */
export async function queueVoteTotals(row: SurveyFacts): Promise<void> {
  const db = await getDb();
  const payload = JSON.stringify(payloadOf("vote.created", row));
  const queued = await queryRows<{ id: string }>(
    db,
    sql`insert into ${webhookDeliveries} (endpoint_id, event_type, survey_id, batch_key, payload, next_attempt_at)
        select e.id, 'vote.created', ${row.id}::uuid, ${batchKeyOf(row.id)}, ${payload}::jsonb, now() + make_interval(secs => ${VOTE_BATCH_SECONDS})
        from ${webhookEndpoints} e join ${surveys} s on s.id = ${row.id}::uuid and s.surveyor_id = e.user_id
        where e.disabled_at is null and 'vote.created' = any(e.events)
        on conflict (endpoint_id, batch_key) where batch_key is not null and attempts = 0 and delivered_at is null and failed_at is null
        do nothing
        returning id`,
  );
  if (queued.length > 0) wakeJob(DELIVER_WEBHOOKS_JOB, VOTE_BATCH_SECONDS * 1000);
}

/** The `batch_key` of a survey's pending vote totals. */
export const batchKeyOf = (surveyId: string) => `vote.created:${surveyId}`;

/** The surveys' facts now (a batch's latest totals, read when it is first sent). */
export async function surveyFacts(ids: string[]): Promise<Map<string, SurveyFacts>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.select(surveyFactColumns).from(surveys).where(inArray(surveys.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
