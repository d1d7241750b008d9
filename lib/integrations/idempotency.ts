import "server-only";
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { idempotencyKeys } from "@/models";

// `Idempotency-Key` on the /api/v1 POSTs (docs/integrations.md): a client that did not hear the answer
// sends the same request again with the same key and gets the first answer, and nothing is done twice.
// The first request claims the key (an insert that does nothing when the key is held) before its
// handler runs; its answer, if it succeeded, is then kept with the row (a refusal or a failure did
// nothing and frees the key). Per account, kept a day (`purgeIdempotencyKeys`).

/** How long a key is remembered. */
export const IDEMPOTENCY_HOURS = 24;
/** A claimed key whose request never finished (its server died) may be claimed again after this. */
const ABANDONED_MINUTES = 5;
export const IDEMPOTENCY_KEY_MAX = 255;
// Visible ASCII: what a header value holds without quoting (a UUID, a ULID, a client's own string).
const KEY_TEXT = /^[\x21-\x7e]+$/;

export type Claim = { kind: "claimed" } | { kind: "replay"; status: number; body: unknown };

/** The key of a request, or null when it sent none; 400 for one that cannot be a key. */
export function idempotencyKeyOf(headers: Headers): string | null {
  const key = headers.get("idempotency-key");
  if (key === null) return null;
  if (key.length > IDEMPOTENCY_KEY_MAX) throw new ApiError("bad_request", `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`);
  if (!KEY_TEXT.test(key)) throw new ApiError("bad_request", "Idempotency-Key must be visible ASCII characters (a UUID, for example)");
  return key;
}

/** What must match for a key to answer again: the method, the path and the body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest("hex");
}

/**
 * Claims `key` for this request, or answers what the request under it already got. One statement
 * claims a new key, or an old one past its day or abandoned in flight; when the key is held, its row
 * says the rest: another request under it is 422, one still running 409.
 */
export async function claimIdempotencyKey(userId: string, key: string, hash: string): Promise<Claim> {
  const db = await getDb();
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash: hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { requestHash: hash, status: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})
        or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - make_interval(mins => ${ABANDONED_MINUTES}))`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: "claimed" };
  const [held] = await db
    .select({ requestHash: idempotencyKeys.requestHash, status: idempotencyKeys.status, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Released between the two statements (its request failed): this one may try once more.
  if (!held) return claimIdempotencyKey(userId, key, hash);
  if (held.requestHash !== hash) {
    throw new ApiError("unprocessable", "This Idempotency-Key was already used for another request. Use a new key for a new request.");
  }
  if (held.status === null) throw new ApiError("conflict", "A request with this Idempotency-Key is still in progress. Try again in a moment.");
  return { kind: "replay", status: held.status, body: held.response };
}

/** Keeps the answer of a claimed key, to answer it again. */
export async function keepIdempotentAnswer(userId: string, key: string, status: number, body: unknown): Promise<void> {
  const db = await getDb();
  await db
    .update(idempotencyKeys)
    .set({ status, response: body ?? {} })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Gives a claimed key back (its request was refused or failed, doing nothing): the client may send it again. */
export async function releaseIdempotencyKey(userId: string, key: string): Promise<void> {
  const db = await getDb();
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.status} is null`));
}

/** Keys past their day (lib/jobs/registry.ts). */
export async function purgeIdempotencyKeys(): Promise<number> {
  const db = await getDb();
  const removed = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
