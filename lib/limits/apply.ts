import "server-only";
import { and, count, gt, inArray, lt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { clientKey } from "@/lib/auth/client-address";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { limitHits } from "@/models";
import { LIMITS, type HitLimitName, type LimitName, type RowsLimitName, type SiteLimitName } from "./table";

/**
 * Applies the limits of lib/limits/table.ts. Callers name a limit and what it is counted per (the account,
 * the address typed, the client's address); the numbers, windows and refusals come from the table.
 *
 * A limit counted in limit_hits is *reserved* before any slow work (a password hash): in one statement
 * each key is locked with a transaction-scoped advisory lock, its window counted, and the rows inserted.
 * Parallel attempts queue on the lock, so at most `max` of them ever get a row, however they are sent
 * (reading the count before the hash and writing it after let 30 parallel guesses through). A hit is
 * kept (it counts) unless the caller gives it back with `release`.
 */

/** The hits of one action: `["signIn.site"]` for a site-wide limit, `["signIn.client", address]` otherwise. */
export type Hit = [name: SiteLimitName] | [name: Exclude<HitLimitName, SiteLimitName>, key: string];
/** Reserved hits, to give some back with `release`. */
export type Held = { name: HitLimitName; id: string }[];

/** A limit's max, read from the environment where the table says so (AUTH_ATTEMPTS_PER_MINUTE...). */
export function limitMax(name: LimitName): number {
  const { max } = LIMITS[name];
  return typeof max === "function" ? max(getEnv()) : max;
}

/** The answer past a limit: its status (429, 503), message and Retry-After. */
export function limitRefusal(name: LimitName): ApiError {
  const { code, message, retryAfterSeconds } = LIMITS[name].refusal;
  return new ApiError(code, message, undefined, retryAfterSeconds);
}

/**
 * A hit's row key in limit_hits: the limit's prefix and what it counts per. A client is counted by its
 * network, `clientKey` (no caller can key a per-client limit on the exact address); an account or an
 * address typed in any case is the same key.
 */
export function hitKey(...[name, part]: Hit): string {
  const row = LIMITS[name];
  if (row.key === "site") return row.prefix;
  if (part === undefined) throw new Error(`The limit ${name} is counted per ${row.key}: name it`);
  return `${row.prefix}:${row.key === "client" ? clientKey(part) : part.trim().toLowerCase()}`;
}

const resolve = (hits: Hit[]) => hits.map((hit) => ({ name: hit[0], key: hitKey(...hit), row: LIMITS[hit[0]] }));
const within = (minutes: number) => gt(limitHits.createdAt, sql`now() - make_interval(mins => ${minutes})`);

/**
 * Reserves one hit under every limit named, or throws the first full limit's refusal (nothing reserved).
 * One statement, one round trip: the database function `reserve_limit_hits` (migration
 * 0016_reserve_limit_hits) takes the advisory locks in key order, counts each window and inserts the hits.
 */
export async function reserve(hits: Hit[]): Promise<Held> {
  const limits = resolve(hits);
  const db = await getDb();
  const request = limits.map((l) => ({ key: l.key, minutes: l.row.windowMinutes, max: limitMax(l.name) }));
  const [row] = await queryRows<{ outcome: { full?: number; ids?: string[] } }>(
    db,
    sql`select reserve_limit_hits(${JSON.stringify(request)}::jsonb) as outcome`,
  );
  const { full, ids } = row.outcome;
  if (full !== undefined) throw limitRefusal(limits[full - 1].name);
  return limits.map((l, i) => ({ name: l.name, id: ids![i] }));
}

/** Gives reserved hits back (all, or those of the limits named): the attempt did not count. */
export async function release(held: Held, names?: HitLimitName[]): Promise<void> {
  const ids = held.filter((h) => !names || names.includes(h.name)).map((h) => h.id);
  if (ids.length === 0) return;
  const db = await getDb();
  await db.delete(limitHits).where(inArray(limitHits.id, ids));
}

/**
 * The first of these limits already full, or null: a cheap early answer that reserves nothing (the
 * login form's, before Auth.js does any work). Not the guard: `reserve` is.
 */
export async function atLimit(hits: Hit[]): Promise<HitLimitName | null> {
  const limits = resolve(hits);
  const db = await getDb();
  const windows = [...new Set(limits.map((l) => l.row.windowMinutes))];
  const counts = new Map<string, number>();
  for (const minutes of windows) {
    const keys = limits.filter((l) => l.row.windowMinutes === minutes).map((l) => l.key);
    const rows = await db
      .select({ key: limitHits.key, n: count() })
      .from(limitHits)
      .where(and(inArray(limitHits.key, keys), within(minutes)))
      .groupBy(limitHits.key);
    for (const r of rows) counts.set(r.key, r.n);
  }
  return limits.find((l) => (counts.get(l.key) ?? 0) >= limitMax(l.name))?.name ?? null;
}

/**
 * For a limit counted in rows of its own (contact messages, mailed tokens, webhooks): throws its refusal
 * when `used`, the caller's count over `LIMITS[name].windowMinutes` (or of all the rows held, for a cap),
 * has reached the max.
 */
export function refuseAt(name: RowsLimitName, used: number): void {
  if (used >= limitMax(name)) throw limitRefusal(name);
}

/**
 * Deletes hits older than every window that reads them (the longest is an hour): they can no longer
 * refuse anyone, and they hold addresses. Run hourly by each server's housekeeping.
 */
export async function purgeOldHits(olderThanHours = 24): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(limitHits)
    .where(lt(limitHits.createdAt, sql`now() - make_interval(hours => ${olderThanHours})`))
    .returning({ id: limitHits.id });
  return deleted.length;
}
