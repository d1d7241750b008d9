// The process's one Redis connection (REDIS_URL), shared by the cache handler and the readiness
// check. Commands fail at once while Redis is away (no offline queue), so callers fall back to the
// database instead of waiting; the client keeps reconnecting in the background.
import { createClient } from "@redis/client";
import { createLogger } from "../logger.mjs";
import { onShutdown, runtime } from "../runtime.mjs";

const COMMAND_TIMEOUT_MS = 500;
/** @returns {{ redis?: import("@redis/client").RedisClientType }} */
const services = () => /** @type {any} */ (runtime().services);

/** @returns {import("@redis/client").RedisClientType | null} */
export function getRedis() {
  const url = process.env.REDIS_URL?.trim();
  if (!url) return null;
  const existing = services().redis;
  if (existing) return existing;
  let wasReady = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 1000,
      // Retry quickly at first, then every 2 seconds, for ever.
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  });
  let lastError = 0;
  client.on("error", (error) => {
    // Logged at most every 30 s while Redis is away: the requests themselves keep succeeding.
    if (Date.now() - lastError > 30_000) {
      lastError = Date.now();
      createLogger().warn({ error: error.message }, "redis unavailable, serving from the database");
    }
  });
  client.on("ready", () => {
    // Invalidations made while we could not reach Redis never got there: after an outage the cached
    // entries may be stale, so drop them (the next requests rebuild them from the database).
    if (wasReady) void flushCache(client).catch(() => {});
    wasReady = true;
  });
  client.connect().catch(() => {});
  services().redis = client;
  // Closed by a stopping server after its last request.
  onShutdown("redis", closeRedis);
  return client;
}

/** The key prefix of this build's cache entries. */
export const CACHE_PREFIX = "opinex:cache:";

async function flushCache(client) {
  for await (const keys of client.scanIterator({ MATCH: `${CACHE_PREFIX}*`, COUNT: 500 })) {
    if (keys.length) await client.unlink(keys);
  }
}

/** PING with a short timeout; throws when Redis does not answer. */
export async function pingRedis() {
  const client = getRedis();
  if (!client) return "not configured";
  if (!client.isReady) {
    // Connecting (the first request of a new server, or Redis just came back): wait a moment.
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("not connected")), COMMAND_TIMEOUT_MS);
      client.once("ready", () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  await client.withAbortSignal(AbortSignal.timeout(COMMAND_TIMEOUT_MS)).ping();
  return "ok";
}

export async function closeRedis() {
  const client = services().redis;
  services().redis = undefined;
  if (!client) return;
  try {
    if (client.isOpen) await client.close();
  } catch {
    client.destroy();
  }
}
