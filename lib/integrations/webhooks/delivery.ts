import "server-only";
import os from "node:os";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { log } from "@/lib/log";
import { mailLink, mailLocale } from "@/lib/mail/i18n";
import { enqueueMail } from "@/lib/mail/outbox";
import { webhookDisabledMail } from "@/lib/mail/templates";
import { metrics } from "@/lib/metrics.mjs";
import { recordAudit } from "@/lib/moderation/audit";
import { users, webhookDeliveries, webhookEndpoints } from "@/models";
import { payloadOf, surveyFacts } from "./queue";
import { DISABLE_AFTER_FAILED_DELIVERIES, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS } from "./retry-schedule";
import type { WebhookEvent } from "./schema";
import { postWebhook, TIMEOUT_MS, type AttemptOutcome } from "./send";
import { openWebhookSecret, signedHeaders, webhookIdOf } from "./signing";

// The delivery job (`webhooks.deliver`, lib/jobs/registry.ts; docs/webhooks.md "Retries"). Every app
// server runs it: it claims due deliveries with FOR UPDATE SKIP LOCKED (two servers never take the same
// one) under a lease, sends each, and records the outcome. A server killed mid-send leaves a lease that
// runs out, and another worker (or the same one restarted) sends the delivery again with the same
// `webhook-id`, which is how a receiver tells a repeat. Deliveries are at least once, never lost.
//
// A failure is tried again after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h (±10 %), seven attempts over
// about 17.6 hours (./retry-schedule.ts), and then given up. An endpoint whose deliveries are given up five times in a row
// (no success between them) is turned off, its pending deliveries given up with it, and its owner is
// told by mail; its owner turns it back on (PATCH /api/v1/webhooks/{id}).

export { DISABLE_AFTER_FAILED_DELIVERIES, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS };
/** How long a claimed delivery is held by one worker: far longer than one attempt's timeout. */
const LEASE_SECONDS = Math.ceil((6 * TIMEOUT_MS) / 1000);
/** Attempts in flight at once on one server. */
const CONCURRENCY = 20;

/** This process, as it appears in `locked_by`. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

/** The delay before the next attempt after `attempts` failed ones, ±10 % so retries of one outage spread out. */
export function retryDelaySeconds(attempts: number, random = Math.random): number {
  const base = RETRY_DELAYS_SECONDS[Math.min(attempts, RETRY_DELAYS_SECONDS.length) - 1];
  return Math.max(1, Math.round(base * (0.9 + 0.2 * random())));
}

type Claimed = {
  id: string;
  endpointId: string;
  eventType: WebhookEvent;
  surveyId: string | null;
  payload: unknown;
  /** This attempt's number. */
  attempts: number;
  /** Null when this is the first attempt ever made (the batch's totals are read now). */
  lastAttemptAt: Date | null;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousValid: boolean;
};

/**
 * Claims the due deliveries of endpoints that are on, of owners not suspended (their deliveries wait
 * until the suspension is lifted, as their API keys stop): each is leased to this worker alone.
 */
async function claim(limit: number): Promise<Claimed[]> {
  const db = await getDb();
  return queryRows<Claimed>(
    db,
    sql`update ${webhookDeliveries} d
        set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), locked_by = ${WORKER_ID}, attempts = d.attempts + 1
        from ${webhookEndpoints} e
        where e.id = d.endpoint_id and d.id in (
          select w.id from ${webhookDeliveries} w
          where w.delivered_at is null and w.failed_at is null and w.next_attempt_at <= now()
            and (w.locked_until is null or w.locked_until < now())
            and exists (
              select 1 from ${webhookEndpoints} o join ${users} u on u.id = o.user_id
              where o.id = w.endpoint_id and o.disabled_at is null and u.suspended_at is null and u.deleted_at is null
            )
          order by w.next_attempt_at
          limit ${limit}
          for update of w skip locked
        )
        returning d.id, d.endpoint_id as "endpointId", d.event_type as "eventType", d.survey_id as "surveyId", d.payload,
          d.attempts, d.last_attempt_at as "lastAttemptAt", e.url, e.secret, e.previous_secret as "previousSecret",
          coalesce(e.previous_secret_expires_at > now(), false) as "previousValid"`,
  );
}

/**
 * The body of a batch of votes, read again when it is first sent (it then carries the latest totals),
 * and kept: every later attempt and a redelivery send the same bytes.
 */
async function freshVotePayloads(rows: Claimed[]): Promise<void> {
  const batches = rows.filter((row) => row.eventType === "vote.created" && row.lastAttemptAt === null && row.surveyId);
  const facts = await surveyFacts([...new Set(batches.map((row) => row.surveyId!))]);
  const db = await getDb();
  for (const row of batches) {
    const survey = facts.get(row.surveyId!);
    if (!survey) continue;
    row.payload = payloadOf("vote.created", survey);
    await db.update(webhookDeliveries).set({ payload: row.payload }).where(eq(webhookDeliveries.id, row.id));
  }
}

/** The secrets that sign: the current one, and the one before a rotation during its 24 hours. */
function secretsOf(row: Claimed): string[] {
  const current = openWebhookSecret(row.secret, row.endpointId);
  const previous = row.previousSecret && row.previousValid ? openWebhookSecret(row.previousSecret, row.endpointId) : null;
  return [current, previous].filter((s): s is string => s !== null);
}

async function attempt(row: Claimed): Promise<AttemptOutcome> {
  const secrets = secretsOf(row);
  if (secrets.length === 0) return { ok: false, status: null, error: "The signing secret cannot be read (was AUTH_SECRET changed?): rotate it" };
  const body = JSON.stringify(row.payload);
  return postWebhook(row.url, signedHeaders(secrets, webhookIdOf(row.id), body), body);
}

type Outcome = "delivered" | "retry" | "failed";

/** Records one attempt's outcome; a give-up may turn the endpoint off. */
async function record(row: Claimed, result: AttemptOutcome): Promise<Outcome> {
  const db = await getDb();
  // Only this attempt's row: had the lease run out and another worker claimed it, that one records.
  const thisAttempt = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts));
  const attempted = { lastAttemptAt: new Date(), lastStatus: result.status, lastError: result.error, lockedUntil: null, lockedBy: null };
  if (result.ok) {
    await db.update(webhookDeliveries).set({ ...attempted, deliveredAt: new Date() }).where(thisAttempt);
    await db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: 0 })
      .where(and(eq(webhookEndpoints.id, row.endpointId), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
    return "delivered";
  }
  if (row.attempts < MAX_ATTEMPTS) {
    await db
      .update(webhookDeliveries)
      .set({ ...attempted, nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})` })
      .where(thisAttempt);
    log("warn", "webhook delivery failed", { deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts, status: result.status });
    return "retry";
  }
  await db.transaction(async (tx) => {
    const given = await tx.update(webhookDeliveries).set({ ...attempted, failedAt: new Date() }).where(thisAttempt).returning({ id: webhookDeliveries.id });
    if (given.length === 0) return;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
      .where(eq(webhookEndpoints.id, row.endpointId))
      .returning({ failures: webhookEndpoints.consecutiveFailures, disabledAt: webhookEndpoints.disabledAt });
    if (endpoint && endpoint.failures >= DISABLE_AFTER_FAILED_DELIVERIES && !endpoint.disabledAt) await disableEndpoint(tx, row.endpointId);
  });
  log("error", "webhook delivery given up", { deliveryId: row.id, endpointId: row.endpointId, attempts: row.attempts, status: result.status });
  return "failed";
}

/**
 * Turns an endpoint off after repeated failure, in the caller's transaction: its pending deliveries
 * are given up, the change audited (`webhook_disable`), and its owner mailed.
 */
async function disableEndpoint(tx: Tx, endpointId: string): Promise<void> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: new Date() })
    .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
    .returning({ userId: webhookEndpoints.userId, url: webhookEndpoints.url, failures: webhookEndpoints.consecutiveFailures });
  if (!endpoint) return;
  await tx
    .update(webhookDeliveries)
    .set({ failedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: "Given up: the endpoint was turned off after repeated failed deliveries" })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), isNull(webhookDeliveries.deliveredAt), isNull(webhookDeliveries.failedAt)));
  await recordAudit(tx, { actorId: null, action: "webhook_disable", targetUserId: endpoint.userId, newValue: endpoint.url });
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, endpoint.userId), isNull(users.deletedAt)));
  if (owner) {
    const locale = mailLocale(owner.locale);
    await enqueueMail(tx, {
      kind: "webhook_disabled",
      userId: owner.id,
      to: owner.email,
      ...(await webhookDisabledMail({
        locale,
        name: owner.emailVerified ? owner.name : null,
        url: endpoint.url,
        endpointId,
        failures: endpoint.failures,
        docs: mailLink(locale, "/docs/api"),
      })),
    });
  }
  log("warn", "webhook endpoint turned off", { endpointId, failures: endpoint.failures });
}

/**
 * Sends what is due now, up to `maxDeliveries`, CONCURRENCY at a time: a slot freed by a finished
 * attempt is filled by the next due delivery at once, so a receiver that takes its 10 seconds holds one
 * slot, not a whole batch. Returns how many were delivered, scheduled for a retry and given up.
 */
export async function deliverDueWebhooks(maxDeliveries = 1000): Promise<Record<Outcome, number>> {
  const totals: Record<Outcome, number> = { delivered: 0, retry: 0, failed: 0 };
  const running = new Set<Promise<void>>();
  let claimed = 0;
  const send = async (row: Claimed) => {
    try {
      const outcome = await record(row, await attempt(row));
      totals[outcome]++;
      metrics().webhooks.inc({ outcome });
    } catch (error) {
      // The database failed us mid-way: the lease runs out and the delivery is tried again.
      log("error", "webhook delivery not recorded", { deliveryId: row.id, error: (error as Error).message });
    }
  };
  for (;;) {
    const room = Math.min(CONCURRENCY - running.size, maxDeliveries - claimed);
    const rows = room > 0 ? await claim(room) : [];
    claimed += rows.length;
    await freshVotePayloads(rows);
    for (const row of rows) {
      const task = send(row).finally(() => running.delete(task));
      running.add(task);
    }
    if (running.size === 0) break;
    await Promise.race(running);
  }
  return totals;
}

/** The delivery job. */
export async function deliverQueuedWebhooks(): Promise<void> {
  await deliverDueWebhooks();
}

/**
 * Deliveries are kept 30 days for the delivery list, then deleted once delivered or given up: endpoint
 * by endpoint over their (endpoint_id, created_at) index, so the purge never reads the whole table.
 */
export async function purgeOldDeliveries(olderThanDays = 30): Promise<number> {
  const db = await getDb();
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from ${webhookDeliveries} d using ${webhookEndpoints} e
        where d.endpoint_id = e.id and d.created_at < now() - make_interval(days => ${olderThanDays})
          and (d.delivered_at is not null or d.failed_at is not null)
        returning d.id`,
  );
  return deleted.length;
}
