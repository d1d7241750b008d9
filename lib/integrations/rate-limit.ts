import "server-only";
import { sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { limitMax } from "@/lib/limits/apply";
import { LIMITS } from "@/lib/limits/table";
import { apiKeyWindows } from "@/models";

// The budget of one API key (`requests.apiKey`, lib/limits/table.ts): fixed windows, one row per key
// and window in api_key_windows, counted by one upsert that answers the new count. Every /api/v1
// answer says where the key stands in the header fields of the IETF draft
// (draft-ietf-httpapi-ratelimit-headers, structured-field form): `RateLimit-Policy` the quota and
// window, `RateLimit` what is left and the seconds until the window resets.

const LIMIT = "requests.apiKey";
const POLICY = "default";

export type KeyBudget = { quota: number; windowSeconds: number; remaining: number; resetSeconds: number; over: boolean };

/** Counts one request of key `keyId` in the current window and answers where the key stands. */
export async function countKeyRequest(keyId: string): Promise<KeyBudget> {
  const quota = limitMax(LIMIT);
  const windowSeconds = LIMITS[LIMIT].windowMinutes * 60;
  const db = await getDb();
  const windowStart = sql`date_bin(make_interval(secs => ${windowSeconds}), now(), timestamptz '2000-01-01 00:00:00+00')`;
  const [row] = await db
    .insert(apiKeyWindows)
    .values({ keyId, windowStart, hits: 1 })
    .onConflictDoUpdate({ target: [apiKeyWindows.keyId, apiKeyWindows.windowStart], set: { hits: sql`${apiKeyWindows.hits} + 1` } })
    .returning({
      hits: apiKeyWindows.hits,
      resetSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${apiKeyWindows.windowStart} + make_interval(secs => ${windowSeconds}) - now())))::int`,
    });
  return { quota, windowSeconds, remaining: Math.max(0, quota - row.hits), resetSeconds: row.resetSeconds, over: row.hits > quota };
}

/** The refusal past the budget: 429 with `Retry-After` the rest of the window. */
export function keyBudgetRefusal(budget: KeyBudget): ApiError {
  const { code, message } = LIMITS[LIMIT].refusal;
  return new ApiError(code, message, undefined, budget.resetSeconds);
}

/** The two header fields of the draft, on every answer to a request with a known key. */
export function setRateLimitHeaders(headers: Headers, budget: KeyBudget): void {
  headers.set("RateLimit-Policy", `"${POLICY}";q=${budget.quota};w=${budget.windowSeconds}`);
  headers.set("RateLimit", `"${POLICY}";r=${budget.remaining};t=${budget.resetSeconds}`);
}

/** Windows that have ended are only history: the purge job (lib/jobs/registry.ts) removes them. */
export async function purgeKeyWindows(): Promise<number> {
  const db = await getDb();
  const removed = await db
    .delete(apiKeyWindows)
    .where(sql`${apiKeyWindows.windowStart} < now() - interval '1 hour'`)
    .returning({ keyId: apiKeyWindows.keyId });
  return removed.length;
}
