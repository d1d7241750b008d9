import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, createdAtColumn, idColumn } from "./columns";
import { users } from "./users";

// What a surveyor's own tools use (docs/integrations.md): API keys for /api/v1, and the webhooks
// that tell those tools what happened to the surveyor's surveys.

/**
 * An API key (`opx_…`), shown once and stored as its SHA-256 (the key is long and random, so a fast
 * hash is enough); `prefix` is its first characters, shown in the list so a person can tell keys apart.
 * A key acts as its owner with no more than its `scopes`. Revoked by its owner, by a password change
 * and by a suspension (`revokedAt`); the row stays for the list's history until the account goes.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull().unique(),
    scopes: text("scopes").array().notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [index("api_keys_user_idx").on(t.userId, t.createdAt)],
);

/**
 * A key's requests per fixed window (its rate limit): one row per key and window, counted by an
 * upsert that answers the new count, so the `RateLimit` header's remaining budget costs no second query.
 */
export const apiKeyWindows = pgTable(
  "api_key_windows",
  {
    keyId: uuid("key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true, mode: "date" }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.windowStart] }), index("api_key_windows_start_idx").on(t.windowStart)],
);

/**
 * A `POST` sent with an `Idempotency-Key`: the first request claims the row (answer still null), and
 * its answer is kept so the same key and body answer it again; another body under the same key is
 * refused. Per account, kept a day.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: belongsTo("user_id", () => users.id),
    key: text("key").notNull(),
    // The method and path, and a hash of the body: the same key with another request is refused.
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);

/**
 * Where a surveyor's tool wants to hear of events on their surveys. The signing secret (`whsec_…`) is
 * kept encrypted (the server must read it to sign); after a rotation the previous one also signs until
 * `previousSecretExpiresAt`. Disabled after repeated failure (`disabledAt`), with a mail to the owner.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: idColumn(),
    userId: belongsTo("user_id", () => users.id),
    url: text("url").notNull(),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true, mode: "date" }),
    // Deliveries given up in a row; reset by a success.
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [index("webhook_endpoints_user_idx").on(t.userId, t.createdAt)],
);

/**
 * One event for one endpoint: a durable queue row, written when the event happens and claimed by a
 * worker on any app server with `FOR UPDATE SKIP LOCKED` (as the mail outbox is), so each is sent by
 * one server, retried with backoff and kept for the delivery list. Its id is the `webhook-id` of every
 * attempt. `batchKey` (`vote.created:{surveyId}`) names a delivery not yet attempted that later events
 * of the same kind update in place rather than queue anew: a viral survey sends its latest totals.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: idColumn(),
    endpointId: belongsTo("endpoint_id", () => webhookEndpoints.id),
    eventType: text("event_type").notNull(),
    surveyId: uuid("survey_id"),
    batchKey: text("batch_key"),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
    lockedBy: text("locked_by"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true, mode: "date" }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true, mode: "date" }),
    failedAt: timestamp("failed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // The worker's question: what is due and neither delivered nor given up.
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
    // An endpoint's deliveries, newest first, one page at a time.
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt, t.id),
    // At most one batched delivery per endpoint and batch not yet attempted.
    uniqueIndex("webhook_deliveries_batch_idx")
      .on(t.endpointId, t.batchKey)
      .where(sql`${t.batchKey} is not null and ${t.attempts} = 0 and ${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
