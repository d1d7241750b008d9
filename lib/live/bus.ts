import "server-only";
import { getRedis } from "@/lib/cache/redis.mjs";

// Votes heard by every app server (with REDIS_URL): the server that took a vote publishes the
// survey's id on one Redis pub/sub channel, and each server's live hub, subscribed to it, reads that
// survey's figures again at once (still at most once a second) if someone there watches it. A lost
// message (Redis away) only costs time: each hub polls its surveys every second anyway.
export const LIVE_CHANNEL = "opinex:live:voted";
const SURVEY_ID = /^[0-9a-f-]{36}$/i;

/** Tells the other servers (and this one's subscriber) that `id` had a vote. Never waits, never throws. */
export function publishVote(id: string) {
  const redis = getRedis();
  if (!redis?.isReady) return;
  redis.publish(LIVE_CHANNEL, id).catch(() => {});
}

/**
 * Calls `onVote(id)` for every vote published by any server, on a connection of its own (a
 * subscribed connection can send nothing else). Null without Redis. Returns what closes it.
 */
export function subscribeVotes(onVote: (id: string) => void): (() => Promise<void>) | null {
  const redis = getRedis();
  if (!redis) return null;
  // Queued while connecting; node-redis subscribes again by itself after a reconnect.
  const subscriber = redis.duplicate({ disableOfflineQueue: false });
  // The shared connection already logs an outage.
  subscriber.on("error", () => {});
  subscriber.connect().catch(() => {});
  subscriber
    .subscribe(LIVE_CHANNEL, (message) => {
      if (SURVEY_ID.test(message)) onVote(message);
    })
    .catch(() => {});
  return async () => {
    try {
      if (subscriber.isOpen) await subscriber.close();
      else subscriber.destroy();
    } catch {
      subscriber.destroy();
    }
  };
}
