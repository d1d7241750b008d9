import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { getDb, type Tx } from "@/lib/db";
import { recordAudit } from "@/lib/moderation/audit";
import { apiKeys, users } from "@/models";
import { API_KEYS_MAX, type ApiKeyJson } from "./api-key-schema";
import { API_KEY_FORMAT, API_KEY_PREFIX } from "./key-format";
import { isApiScope, type ApiScope } from "./scopes";

// API keys (docs/integrations.md): a surveyor's own tools call /api/v1 with one. A key is 32 random
// bytes, shown once; only its SHA-256 is kept (a key has 256 bits of entropy, so a fast hash cannot be
// searched), and a request's key is found by that hash through a unique index, so no stored secret is
// ever compared byte by byte with what a caller sent.

/** How many characters of a key the list shows (`opx_` and the first 8 of the secret). */
const SHOWN_CHARACTERS = 12;
const hashOf = (key: string) => createHash("sha256").update(key).digest("hex");

/** A key the caller presented, as the route wrapper needs it. */
export type VerifiedApiKey = { id: string; userId: string; scopes: ApiScope[]; stale: boolean };

/**
 * Makes a key for `userId` and records `api_key_create` (the name as its new value). Answers the key
 * itself, which is never stored and cannot be shown again. The name and scopes are the caller's to
 * check (lib/integrations/api-key-schema.ts). 409 past `API_KEYS_MAX` keys in force.
 */
export async function createApiKey(userId: string, input: { name: string; scopes: ApiScope[] }): Promise<{ id: string; key: string }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The account's row locked: two creations at once count one after the other.
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    if (!owner) throw notFound("No such account");
    const [held] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    if (held.n >= API_KEYS_MAX) throw new ApiError("conflict", `You have ${API_KEYS_MAX} API keys, the most an account may hold. Revoke one you no longer use first.`);
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: input.name, prefix: key.slice(0, SHOWN_CHARACTERS), secretHash: hashOf(key), scopes: [...new Set(input.scopes)] })
      .returning({ id: apiKeys.id });
    await recordAudit(tx, { actorId: userId, action: "api_key_create", targetUserId: userId, newValue: input.name });
    return { id: row.id, key };
  });
}

/** How stale a key's `last_used_at` may get before a request refreshes it (the list shows it to the minute). */
export const LAST_USED_REFRESH_SECONDS = 60;

/**
 * The key a caller presented, if it is one of ours and not revoked; null for anything else (whose
 * owner may still not count: the wrapper loads them). `stale`: its `last_used_at` wants refreshing.
 */
export async function verifyApiKey(key: string): Promise<VerifiedApiKey | null> {
  if (!API_KEY_FORMAT.test(key)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scopes: apiKeys.scopes,
      stale: sql<boolean>`coalesce(${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_REFRESH_SECONDS}), true)`,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, hashOf(key)), isNull(apiKeys.revokedAt)));
  if (!row) return null;
  return { ...row, scopes: row.scopes.filter(isApiScope) };
}

/** Records that a key was used: a conditional update, so of many requests together at most one writes. */
export async function touchApiKey(id: string): Promise<void> {
  const db = await getDb();
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_REFRESH_SECONDS}))`));
}

/** One key of the account page's list; never the key itself. */
export type ApiKeyView = { id: string; name: string; prefix: string; scopes: ApiScope[]; createdAt: Date; lastUsedAt: Date | null };

/** The keys of `userId` still in force, newest first (at most the cap of active keys, lib/limits/table.ts). */
export async function listApiKeys(userId: string): Promise<ApiKeyView[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({ ...row, scopes: row.scopes.filter(isApiScope) }));
}

export const toApiKeyJson = (key: ApiKeyView): ApiKeyJson => ({
  ...key,
  createdAt: key.createdAt.toISOString(),
  lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
});

/**
 * Revokes one key of `userId` at once (the next request with it is refused) and records
 * `api_key_revoke`. False when `userId` has no such key in force: someone else's key is no key.
 */
export async function revokeApiKey(userId: string, keyId: string, actorId: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    if (!row) return false;
    await recordAudit(tx, { actorId, action: "api_key_revoke", targetUserId: userId, newValue: row.name, feedback: "Revoked by its owner" });
    return true;
  });
}

/**
 * Revokes every key of `userId` still in force (a password change or reset, a suspension), with one
 * `api_key_revoke` row per key naming it and `why`, inside the caller's transaction when given.
 * `actorId`: who acted (the owner, an admin), null for the system. Answers how many were revoked.
 */
export async function revokeApiKeys(userId: string, why: string, actorId: string | null, tx?: Tx): Promise<number> {
  const run = async (t: Tx) => {
    const revoked = await t
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .returning({ name: apiKeys.name });
    for (const key of revoked) await recordAudit(t, { actorId, action: "api_key_revoke", targetUserId: userId, newValue: key.name, feedback: why });
    return revoked.length;
  };
  if (tx) return run(tx);
  const db = await getDb();
  return db.transaction(run);
}
