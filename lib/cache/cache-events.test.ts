// Revalidations shared by the servers of one Redis, against a real redis-server (skipped without one):
// another server's expiration is counted here, this server's own once; the pages are kept only while
// the channel is heard, and hearing it again after Redis came back counts an expiration (what was
// published meanwhile is lost).
import { spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRedis, startRedis, until } from "@/tests/redis-server";
import { closeRedis, pingRedis } from "@/lib/cache/redis.mjs";
import { runtime } from "@/lib/runtime.mjs";
import { CACHE_EVENTS_CHANNEL, cacheEventsHeard, shareCacheEvents, shareExpiration } from "./cache-events.mjs";

const PORT = 4793;
let redis: ChildProcess | undefined;

const expirations = () => runtime().cacheEvents.expirations;
/** Another server's expiration, as it publishes it. */
const publishFromElsewhere = () => spawnSync("redis-cli", ["-p", String(PORT), "publish", CACHE_EVENTS_CHANNEL, "another-server"]);

describe.skipIf(!hasRedis)("cache revalidations shared through Redis", () => {
  let close: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    redis = await startRedis(PORT);
    process.env.REDIS_URL = `redis://127.0.0.1:${PORT}`;
    await pingRedis();
  });
  afterAll(async () => {
    await close?.();
    await closeRedis();
    redis?.kill();
    delete process.env.REDIS_URL;
  });

  it("keeps nothing until the channel is heard, then counts another server's expirations and its own once", async () => {
    expect(cacheEventsHeard()).toBe(false);
    close = shareCacheEvents();
    await until(() => cacheEventsHeard());
    const before = expirations();
    publishFromElsewhere();
    await until(() => expirations() === before + 1);
    shareExpiration();
    expect(expirations()).toBe(before + 2);
    // Its own message comes back on the channel too, and is not counted again.
    await new Promise((r) => setTimeout(r, 300));
    expect(expirations()).toBe(before + 2);
  });

  it("stops keeping while Redis is away, and counts an expiration when it hears the channel again", async () => {
    redis?.kill();
    await until(() => !cacheEventsHeard());
    const before = expirations();
    redis = await startRedis(PORT);
    await until(() => cacheEventsHeard(), 15_000);
    expect(expirations()).toBeGreaterThan(before);
    const after = expirations();
    publishFromElsewhere();
    await until(() => expirations() === after + 1);
  });
});
