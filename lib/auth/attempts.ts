import "server-only";
import { and, count, eq, gt, inArray, lt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { clientLimitKey } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db";
import { authFailures } from "@/models";

/**
 * Attempt counters in the auth_failures table (shared by every app server): sign-in failures per account
 * and per client address, registrations and contact messages per address, and all sign-in and
 * registration attempts of the whole site per minute.
 *
 * A limited action first *reserves* its row, atomically, before any slow work (a password hash): each
 * key is locked with a transaction-scoped advisory lock, counted, and the row inserted in the same
 * transaction. Parallel attempts queue on the lock, so at most `max` of them ever get a row, however
 * they are sent (reading the count before the hash and writing it after let 30 parallel guesses through).
 *
 * A key ending in a client address (`ip:203.0.113.7`, `forgot:client:2001:db8::1`) is counted by the
 * client's network, not the exact address (`clientLimitKey`): the IPv4 address, the IPv6 /64, and all of
 * loopback as one, so a host with many addresses is still one client.
 */
export type Limit = { key: string; max: number; windowMinutes: number; refuse: () => ApiError };

export const SITE_AUTH_KEY = "site:auth";

/** Reserves one attempt under every limit, or throws the first limit's refusal. Answers the row ids. */
export async function reserveAttempt(given: Limit[]): Promise<string[]> {
  const limits = given.map((l) => ({ ...l, key: clientLimitKey(l.key) }));
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Locks in key order, so two attempts sharing keys never wait on each other in a cycle.
    for (const key of [...new Set(limits.map((l) => l.key))].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    }
    for (const limit of limits) {
      const [row] = await tx
        .select({ n: count() })
        .from(authFailures)
        .where(and(eq(authFailures.key, limit.key), gt(authFailures.createdAt, sql`now() - make_interval(mins => ${limit.windowMinutes})`)));
      if ((row?.n ?? 0) >= limit.max) throw limit.refuse();
    }
    const rows = await tx
      .insert(authFailures)
      .values(limits.map((l) => ({ key: l.key })))
      .returning({ id: authFailures.id, key: authFailures.key });
    return rows.map((r) => r.id);
  });
}

/** Gives reserved attempts back (a right password, or an attempt refused before any work was done). */
export async function releaseAttempt(ids: string[]) {
  if (ids.length === 0) return;
  const db = await getDb();
  await db.delete(authFailures).where(inArray(authFailures.id, ids));
}

/** Whether any of these keys already reached `max` in the window (a cheap early answer; not the guard). */
export async function anyAtLimit(given: string[], max: number, windowMinutes: number): Promise<boolean> {
  const keys = given.map(clientLimitKey);
  const db = await getDb();
  const rows = await db
    .select({ key: authFailures.key, n: count() })
    .from(authFailures)
    .where(and(inArray(authFailures.key, keys), gt(authFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`)))
    .groupBy(authFailures.key);
  return rows.some((r) => r.n >= max);
}

/**
 * Deletes attempt rows older than every window that reads them (the longest is an hour): they can no
 * longer refuse anyone, and they hold addresses. Run hourly by each server's housekeeping.
 */
export async function purgeOldAttempts(olderThanHours = 24): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(authFailures)
    .where(lt(authFailures.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`))
    .returning({ id: authFailures.id });
  return deleted.length;
}
