// The process's one Redis connection (REDIS_URL), shared by the cache handler and the readiness
// check. Commands fail at once while Redis is away (no offline queue), so callers fall back to the
// database instead of waiting; the client keeps reconnecting in the background, from the start too
// (a Redis that is slow to accept or to answer when the server starts is tried again: 0.1, 0.2, 0.4 s
// ... then every 2 s). Its state is kept (`redisState`) for the readiness check, and each outage is
// logged twice: when it begins ("redis unavailable") and when it ends ("redis available again").
import { createClient } from "@redis/client";
import { createLogger } from "../logger.mjs";
import { onShutdown, runtime } from "../runtime.mjs";

const COMMAND_TIMEOUT_MS = 500;
/** Reconnecting waits this long at first, doubling each time up to RECONNECT_MAX_MS. */
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 2000;
/** @typedef {{ ready: boolean, since: number, failures: number, lastError: string | null }} RedisState */
/** @returns {{ redis?: import("@redis/client").RedisClientType, redisState?: RedisState }} */
const services = () => /** @type {any} */ (runtime().services);

/** The wait before reconnection attempt `retries` (from 0). */
export const reconnectDelay = (retries) => Math.min(RECONNECT_FIRST_MS * 2 ** retries, RECONNECT_MAX_MS);

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
      // Retry quickly at first, then every 2 seconds, for ever (the first connection too).
      reconnectStrategy: reconnectDelay,
    },
  });
  /** @type {RedisState} */
  const state = { ready: false, since: Date.now(), failures: 0, lastError: null };
  services().redisState = state;
  let lastLogged = 0;
  client.on("error", (error) => {
    if (state.ready || state.failures === 0) state.since = Date.now();
    state.ready = false;
    state.failures++;
    state.lastError = error.message;
    // Logged when the outage begins, then at most every 30 s while it lasts: the requests themselves
    // keep succeeding from the database.
    if (state.failures === 1 || Date.now() - lastLogged > 30_000) {
      lastLogged = Date.now();
      createLogger().warn({ error: error.message, failures: state.failures }, "redis unavailable, serving from the database");
    }
  });
  client.on("ready", () => {
    if (state.failures > 0) {
      createLogger().info({ unavailableMs: Date.now() - state.since, failures: state.failures }, "redis available again");
    }
    Object.assign(state, { ready: true, since: Date.now(), failures: 0, lastError: null });
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

/**
 * How this process's Redis connection is: "not configured" (no REDIS_URL), "connecting" (starting, no
 * failure yet), "ok", or "unavailable" since `since` (ms) after `failures` failed attempts.
 * @returns {{ state: "not configured" | "connecting" | "ok" | "unavailable", since?: number, failures?: number, lastError?: string | null }}
 */
export function redisState() {
  if (!process.env.REDIS_URL?.trim()) return { state: "not configured" };
  getRedis();
  const state = /** @type {RedisState} */ (services().redisState);
  if (state.ready) return { state: "ok", since: state.since };
  return { state: state.failures > 0 ? "unavailable" : "connecting", since: state.since, failures: state.failures, lastError: state.lastError };
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
  services().redisState = undefined;
  if (!client) return;
  try {
    if (client.isOpen) await client.close();
  } catch {
    client.destroy();
  }
}
