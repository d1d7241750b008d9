import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { pingRedis, redisState } from "@/lib/cache/redis.mjs";
import { runtime } from "@/lib/runtime.mjs";
import { queryRows } from "@/lib/db/client";
import { getDb } from "@/lib/db";

const TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), TIMEOUT_MS).unref()),
  ]);
}

/** The `when` of the newest migration this build ships (drizzle/meta/_journal.json). */
async function latestMigration(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function checkDatabase(): Promise<{ database: string; migrations: string }> {
  try {
    const db = await withTimeout(getDb());
    const [row] = await withTimeout(
      queryRows<{ latest: string | number | null }>(db, sql`select max(created_at) as latest from drizzle.__drizzle_migrations`),
    );
    const applied = Number(row?.latest ?? 0);
    return { database: "ok", migrations: applied >= (await latestMigration()) ? "ok" : "pending" };
  } catch {
    return { database: "unavailable", migrations: "unknown" };
  }
}

async function checkRedis(): Promise<string> {
  try {
    return await withTimeout(pingRedis());
  } catch {
    return "unavailable";
  }
}

/**
 * What works less well than it should while the server still serves, in words for whoever reads the
 * report (no addresses, no error text): Redis away (every request then served from the database), or
 * the live results' subscription to the other servers' votes not up while Redis is.
 */
function degradations(redis: string): string[] {
  const found: string[] = [];
  if (redis === "unavailable") {
    const state = redisState();
    const since = state.since ? ` since ${new Date(state.since).toISOString()}` : "";
    const tries = state.failures ? ` (${state.failures} failed attempts, tried again every 2 s at most)` : "";
    found.push(
      `redis: unavailable${since}${tries}. Pages and data are served from the database, without the cache the servers share; other servers' votes reach live figures by polling, within a second.`,
    );
  } else if (redis === "ok") {
    const subscription = (runtime().services as { liveSubscription?: { subscribed: boolean } }).liveSubscription;
    if (subscription && !subscription.subscribed) {
      found.push("live updates: the subscription to other servers' votes and changes is reconnecting; live figures follow them by polling, within a second.");
    }
  }
  return found;
}

export async function checkReadiness() {
  const [db, redis] = await Promise.all([checkDatabase(), checkRedis()]);
  const checks = { ...db, redis, stopping: runtime().stopping };
  if (checks.stopping) return { status: "unavailable" as const, checks };
  // Redis away is not a reason to take the server out of the load balancer: every server keeps
  // answering from the database (slower), so the report says "degraded" with 200, and what is.
  if (db.database !== "ok" || db.migrations !== "ok") return { status: "unavailable" as const, checks };
  const degraded = degradations(redis);
  return degraded.length ? { status: "degraded" as const, checks, degraded } : { status: "ready" as const, checks };
}
