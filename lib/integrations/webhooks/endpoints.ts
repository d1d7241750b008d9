import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { cursorPage, decodeCursor, exactTime, olderThan } from "@/lib/api/cursor";
import { getDb } from "@/lib/db";
import { wakeJob } from "@/lib/jobs/runner";
import { refuseAt } from "@/lib/limits/apply";
import { recordAudit } from "@/lib/moderation/audit";
import { users, webhookDeliveries, webhookEndpoints, type WebhookDelivery, type WebhookEndpoint } from "@/models";
import { refusedUrl } from "./address";
import { DELIVER_WEBHOOKS_JOB } from "./queue";
import { WEBHOOK_EVENTS, type CreateWebhookInput, type WebhookEvent } from "./schema";
import { newWebhookSecret, PREVIOUS_SECRET_HOURS, sealWebhookSecret, webhookIdOf } from "./signing";

// A surveyor's webhook endpoints and their deliveries (docs/webhooks.md), as the /api/v1/webhooks routes
// manage them: each operation takes the owner's id, and another account's endpoint is no endpoint (404).
// The signing secret is answered once, when it is made (adding, rotating), and stored encrypted.

const NO_WEBHOOK = "No such webhook";
const NO_DELIVERY = "No such delivery";

/** An endpoint as the API answers it: never its secret. */
export function toWebhookJson(row: WebhookEndpoint) {
  return {
    id: row.id,
    url: row.url,
    events: row.events.filter((e): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e)),
    enabled: row.disabledAt === null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    consecutiveFailures: row.consecutiveFailures,
    previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date() ? row.previousSecretExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const statusOf = (row: WebhookDelivery) => (row.deliveredAt ? "delivered" : row.failedAt ? "failed" : "pending");

export function toDeliveryJson(row: WebhookDelivery) {
  const pending = statusOf(row) === "pending";
  return {
    id: row.id,
    webhookId: webhookIdOf(row.id),
    event: row.eventType as WebhookEvent,
    surveyId: row.surveyId,
    status: statusOf(row),
    attempts: row.attempts,
    nextAttemptAt: pending ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: row.payload as Record<string, unknown>,
  };
}

const badUrl = (message: string) => new ApiError("bad_request", message, [{ path: "url", message }]);

/**
 * Adds an endpoint for `userId`: the URL must pass the site's address rules (./address.ts), and an
 * account holds at most `webhooks.account` of them (its row is locked while they are counted, so two
 * requests at once cannot both take the last place). Answers the endpoint and its secret, once.
 */
export async function createWebhook(userId: string, input: CreateWebhookInput) {
  const refused = refusedUrl(input.url);
  if (refused) throw badUrl(refused);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [{ held }] = await tx.select({ held: sql<number>`count(*)::int` }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    refuseAt("webhooks.account", held);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ id, userId, url: input.url, events: [...new Set(input.events)], secret: sealWebhookSecret(secret, id) })
      .returning();
    await recordAudit(tx, { actorId: userId, action: "webhook_create", targetUserId: userId, newValue: input.url });
    return created;
  });
  return { ...toWebhookJson(row), secret };
}

/** The endpoint `id` of `userId`, or 404. */
async function ownEndpoint(userId: string, id: string): Promise<WebhookEndpoint> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw notFound(NO_WEBHOOK);
  return row;
}

export async function getWebhook(userId: string, id: string) {
  return toWebhookJson(await ownEndpoint(userId, id));
}

const badCursor = () => new ApiError("bad_request", "cursor is not one this list gave", [{ path: "cursor", message: "cursor is not one this list gave" }]);

/** The endpoints of `userId`, newest first, a page at a time (webhook_endpoints_user_idx). */
export async function listWebhooks(userId: string, page: { cursor?: string; limit: number }) {
  const cursor = page.cursor === undefined ? null : decodeCursor(page.cursor);
  if (page.cursor !== undefined && !cursor) throw badCursor();
  const db = await getDb();
  const rows = await db
    .select({ row: webhookEndpoints, exact: exactTime(webhookEndpoints.createdAt) })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), cursor ? olderThan(webhookEndpoints, cursor) : undefined))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(page.limit + 1);
  const { data, nextCursor } = cursorPage(
    rows.map(({ row, exact }) => ({ ...row, exact })),
    page.limit,
    (row) => row.exact,
  );
  return { data: data.map(toWebhookJson), nextCursor };
}

/** Deletes an endpoint of `userId` with its deliveries (nothing more is sent to it), audited. */
export async function deleteWebhook(userId: string, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ url: webhookEndpoints.url });
    if (!row) throw notFound(NO_WEBHOOK);
    await recordAudit(tx, { actorId: userId, action: "webhook_delete", targetUserId: userId, newValue: row.url });
  });
}

/**
 * A new signing secret for an endpoint of `userId`, answered once. The one it replaces keeps signing
 * beside it for 24 hours (both signatures are sent), so the receiver can switch without losing a
 * delivery; a secret older than that (a second rotation within the 24 hours) stops at once.
 */
export async function rotateWebhookSecret(userId: string, id: string) {
  const secret = newWebhookSecret();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${PREVIOUS_SECRET_HOURS})`,
        secret: sealWebhookSecret(secret, id),
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
      .returning({ url: webhookEndpoints.url, previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt });
    if (!row) throw notFound(NO_WEBHOOK);
    await recordAudit(tx, { actorId: userId, action: "webhook_rotate", targetUserId: userId, newValue: row.url });
    return { secret, previousSecretExpiresAt: row.previousSecretExpiresAt!.toISOString() };
  });
}

/** Turns an endpoint turned off after repeated failure back on; its failure count starts again. */
export async function enableWebhook(userId: string, id: string) {
  const db = await getDb();
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, consecutiveFailures: 0 })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)))
    .returning();
  if (!row) throw notFound(NO_WEBHOOK);
  return toWebhookJson(row);
}

/** The deliveries of an endpoint of `userId`, newest first, a page at a time (webhook_deliveries_endpoint_idx). */
export async function listDeliveries(userId: string, endpointId: string, page: { cursor?: string; limit: number }) {
  await ownEndpoint(userId, endpointId);
  const cursor = page.cursor === undefined ? null : decodeCursor(page.cursor);
  if (page.cursor !== undefined && !cursor) throw badCursor();
  const db = await getDb();
  const rows = await db
    .select({ row: webhookDeliveries, exact: exactTime(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), cursor ? olderThan(webhookDeliveries, cursor) : undefined))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);
  const { data, nextCursor } = cursorPage(
    rows.map(({ row, exact }) => ({ ...row, exact })),
    page.limit,
    (row) => row.exact,
  );
  return { data: data.map(toDeliveryJson), nextCursor };
}

/**
 * Sends a delivery again, as it was (the same `webhook-id` and body): a delivered or given-up one is
 * queued anew with a fresh round of retries, a pending one is made due now. Refused (409) while its
 * endpoint is turned off, or while a worker is sending it.
 */
export async function redeliver(userId: string, endpointId: string, deliveryId: string) {
  const endpoint = await ownEndpoint(userId, endpointId);
  if (endpoint.disabledAt) throw new ApiError("conflict", "This webhook is turned off: turn it back on first (PATCH with {\"enabled\": true})");
  const db = await getDb();
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      deliveredAt: null,
      failedAt: null,
      nextAttemptAt: sql`now()`,
      // A finished delivery starts a new round of retries; it is no longer a batch later votes may join.
      attempts: sql`case when ${webhookDeliveries.deliveredAt} is null and ${webhookDeliveries.failedAt} is null then ${webhookDeliveries.attempts} else 0 end`,
      batchKey: sql`case when ${webhookDeliveries.deliveredAt} is null and ${webhookDeliveries.failedAt} is null then ${webhookDeliveries.batchKey} else null end`,
    })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        or(isNull(webhookDeliveries.lockedUntil), sql`${webhookDeliveries.lockedUntil} < now()`, isNotNull(webhookDeliveries.deliveredAt), isNotNull(webhookDeliveries.failedAt)),
      ),
    )
    .returning();
  if (!row) {
    const [exists] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
    if (!exists) throw notFound(NO_DELIVERY);
    throw new ApiError("conflict", "This delivery is being sent right now");
  }
  wakeJob(DELIVER_WEBHOOKS_JOB);
  return toDeliveryJson(row);
}
