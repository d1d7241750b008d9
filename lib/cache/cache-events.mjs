// The tag revalidations Next's cache has applied, counted per process (`runtime().cacheEvents`) so the
// production server knows whether a page it kept may still be sent without Next (server/page-gzip.mjs).
//   - One server: its cache (memory-cache-handler.mjs) counts what it applies.
//   - Several servers sharing Redis: a revalidation applied by any of them expires entries every one of
//     them reads, so the server that applied it counts it and publishes it on a Redis channel, and each
//     of the others counts it on hearing it (`shareCacheEvents`). A server keeps pages only while it
//     hears that channel (`cacheEventsHeard`); when it hears it again after a loss, it counts an
//     expiration, since what it missed is unknown. The shared cache (@fortedigital/nextjs-cache-handler)
//     deletes a tag's entries at once, so every shared revalidation is an expiration.
import { randomUUID } from "node:crypto";
import { runtime } from "../runtime.mjs";
import { expired } from "./cache-counts.mjs";
import { getRedis } from "./redis.mjs";

export const CACHE_EVENTS_CHANNEL = "opinex:cache:events";
/** This process, so that it does not count its own revalidations twice. */
const ORIGIN = randomUUID();

/** Counts an expiration this process's shared cache applied, and tells the other servers. Never throws. */
export function shareExpiration() {
  expired();
  const redis = getRedis();
  if (redis?.isReady) redis.publish(CACHE_EVENTS_CHANNEL, ORIGIN).catch(() => {});
}

/** @returns {{ heard?: { subscribed: boolean } }} */
const services = () => /** @type {any} */ (runtime().services);

/** Whether this server hears the other servers' revalidations now (always true without Redis). */
export function cacheEventsHeard() {
  if (!process.env.REDIS_URL?.trim()) return true;
  return services().heard?.subscribed === true;
}

/**
 * Hears the other servers' revalidations, on a connection of its own (a subscribed connection can send
 * nothing else). Returns what closes it, or null without Redis.
 * @returns {(() => Promise<void>) | null}
 */
export function shareCacheEvents() {
  const redis = getRedis();
  if (!redis) return null;
  const subscriber = redis.duplicate({ disableOfflineQueue: false });
  const state = { subscribed: false };
  services().heard = state;
  let listening = false;
  const lost = () => {
    state.subscribed = false;
  };
  subscriber.on("error", lost);
  subscriber.on("end", lost);
  // node-redis subscribes again by itself after a reconnect; what was published meanwhile is lost.
  subscriber.on("ready", () => {
    if (!listening) return;
    expired();
    state.subscribed = true;
  });
  const onMessage = (origin) => {
    if (origin !== ORIGIN) expired();
  };
  // Subscribed once the connection is up (lib/live/bus.ts says why not queued before).
  subscriber
    .connect()
    .then(() => subscriber.subscribe(CACHE_EVENTS_CHANNEL, onMessage))
    .then(() => {
      listening = true;
      expired();
      state.subscribed = subscriber.isReady;
    })
    .catch(() => {});
  return async () => {
    state.subscribed = false;
    try {
      if (subscriber.isOpen) await subscriber.close();
      else subscriber.destroy();
    } catch {
      subscriber.destroy();
    }
  };
}
