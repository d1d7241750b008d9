// The budget of an API key through the real /api/v1 routes: the IETF draft's RateLimit-Policy and
// RateLimit fields on every answer with a known key (errors included), 429 with Retry-After past it,
// each key its own budget, ended windows purged, and the key's last use written at most once a minute.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { GET as one } from "@/app/api/v1/surveys/[id]/route";
import { GET as list } from "@/app/api/v1/surveys/route";
import { getDb } from "@/lib/db";
import { createApiKey } from "@/lib/integrations/api-keys";
import { purgeKeyWindows } from "@/lib/integrations/rate-limit";
import { apiKeys, apiKeyWindows } from "@/models";
import { keyOf, withKey } from "@/tests/api-keys";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";

vi.hoisted(() => {
  // Read once by getEnv(): a budget small enough to spend in a test.
  process.env.API_KEY_REQUESTS_PER_MINUTE = "4";
});

const POLICY = '"default";q=4;w=60';
const fields = (headers: Headers) => {
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(headers.get("ratelimit") ?? "");
  return match ? { remaining: Number(match[1]), reset: Number(match[2]) } : null;
};

/** A fresh key, at least a few seconds before its window ends, so a test's requests share one window. */
async function freshKey(owner: { id: string }) {
  const now = new Date();
  const left = 60 - now.getUTCSeconds();
  if (left < 5) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 200));
  return keyOf(owner);
}

describe("an API key's rate limit", () => {
  it("says the budget and what is left on every answer, then refuses with 429 and Retry-After", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await freshKey(owner);
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await withKey(list, key);
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-policy")).toBe(POLICY);
      const state = fields(res.headers)!;
      expect(state.reset).toBeGreaterThanOrEqual(1);
      expect(state.reset).toBeLessThanOrEqual(60);
      seen.push(state.remaining);
    }
    expect(seen).toEqual([3, 2, 1, 0]);
    const refused = await withKey(list, key);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: "too_many_requests" });
    expect(refused.headers.get("ratelimit-policy")).toBe(POLICY);
    const state = fields(refused.headers)!;
    expect(state.remaining).toBe(0);
    expect(refused.headers.get("retry-after")).toBe(String(state.reset));
    // Every kind of call counts against the same budget.
    expect((await withKey(one, key, { params: { id: randomUUID() } })).status).toBe(429);
  });

  it("gives each key its own budget, even of the same account", async () => {
    const owner = await createUser({ role: "surveyor" });
    const spent = await freshKey(owner);
    for (let i = 0; i < 5; i++) await withKey(list, spent);
    expect((await withKey(list, spent)).status).toBe(429);
    const other = await keyOf(owner);
    const res = await withKey(list, other);
    expect(res.status).toBe(200);
    expect(fields(res.headers)!.remaining).toBe(3);
  });

  it("puts the fields on refusals too once the key is known (403, 404, 400), and none without a known key", async () => {
    const owner = await createUser({ role: "surveyor" });
    const reader = await freshKey(owner);
    const { key: writerOnly } = await createApiKey(owner.id, { name: "Writer", scopes: ["surveys:write"] });
    const answers = [
      await withKey(one, reader, { params: { id: randomUUID() } }),
      await withKey(list, reader, { path: "/api/v1/surveys?limit=0" }),
      await withKey(list, writerOnly),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 400, 403]);
    for (const answer of answers) {
      expect(answer.headers.get("ratelimit-policy")).toBe(POLICY);
      expect(fields(answer.headers)).not.toBeNull();
    }
    const unknown = await call(list, { token: `opx_${"B".repeat(43)}` });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("ratelimit")).toBeNull();
    expect(unknown.headers.get("ratelimit-policy")).toBeNull();
  });

  it("counts in one row per key and window, and the purge removes ended windows", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await freshKey(owner);
    for (let i = 0; i < 3; i++) await withKey(list, key);
    const db = await getDb();
    const [{ id }] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, owner.id));
    const rows = await db.select().from(apiKeyWindows).where(eq(apiKeyWindows.keyId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].hits).toBe(3);
    expect(rows[0].windowStart.getUTCSeconds()).toBe(0);
    await db.update(apiKeyWindows).set({ windowStart: sql`${apiKeyWindows.windowStart} - interval '2 hours'` }).where(eq(apiKeyWindows.keyId, id));
    expect(await purgeKeyWindows()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(apiKeyWindows).where(eq(apiKeyWindows.keyId, id))).toEqual([]);
    // A new window, a new budget.
    expect(fields((await withKey(list, key)).headers)!.remaining).toBe(3);
  });

  it("writes the key's last use at most once a minute", async () => {
    const owner = await createUser({ role: "surveyor" });
    const { id, key } = await createApiKey(owner.id, { name: "Touch", scopes: ["surveys:read"] });
    const db = await getDb();
    const lastUsed = async () => (await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0].at;
    expect(await lastUsed()).toBeNull();
    await withKey(list, key);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    // 30 seconds ago: recent enough, not written again.
    await db.update(apiKeys).set({ lastUsedAt: sql`now() - interval '30 seconds'` }).where(eq(apiKeys.id, id));
    const recent = await lastUsed();
    await withKey(list, key);
    expect(await lastUsed()).toEqual(recent);
    // Two minutes ago: written again.
    await db.update(apiKeys).set({ lastUsedAt: sql`now() - interval '2 minutes'` }).where(eq(apiKeys.id, id));
    const stale = await lastUsed();
    await withKey(list, key);
    expect((await lastUsed())!.getTime()).toBeGreaterThan(stale!.getTime() + 100_000);
  });
});
