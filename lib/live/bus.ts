import "server-only";
import { getRedis } from "@/lib/cache/redis.mjs";
import { runtime } from "@/lib/runtime.mjs";

// What every app server's live results must hear (with REDIS_URL), on one Redis pub/sub channel:
//   - a vote: the server that took it publishes the survey's id, and each server's live hub reads that
//     survey's figures again at once (still at most once a second) if someone there watches it;
//   - a change the figures must follow at once (an unpublish, an edit): `changed:<id>`, and each server
//     forgets its memo of that survey and reads it now, so its streams end (or its figures change)
//     within a read's time instead of the next tick's.
// A lost message (Redis away) only costs time: each hub polls its surveys every second anyway.
export const LIVE_CHANNEL = "opinex:live:voted";
const VOTED = /^[0-9a-f-]{36}$/i;
const CHANGED = /^changed:([0-9a-f-]{36})$/i;

/** Whether this process's subscription is up (lib/health.ts reports it); absent until a hub subscribes. */
export type LiveSubscription = { subscribed: boolean };
const services = () => runtime().services as { liveSubscription?: LiveSubscription };

function publish(message: string) {
  const redis = getRedis();
  if (!redis?.isReady) return;
  redis.publish(LIVE_CHANNEL, message).catch(() => {});
}

/** Tells the other servers (and this one's subscriber) that `id` had a vote. Never waits, never throws. */
export function publishVote(id: string) {
  publish(id);
}

/** Tells every server that `id` changed (unpublished, edited): its live figures are read again now. Never waits, never throws. */
export function publishChange(id: string) {
  publish(`changed:${id}`);
}

/**
 * Hears every server's votes and changes, on a connection of its own (a subscribed connection can
 * send nothing else). Null without Redis. Returns what closes it.
 */
export function subscribeLive(on: { voted: (id: string) => void; changed: (id: string) => void }): (() => Promise<void>) | null {
  const redis = getRedis();
  if (!redis) return null;
  const subscriber = redis.duplicate({ disableOfflineQueue: false });
  const state: LiveSubscription = { subscribed: false };
  services().liveSubscription = state;
  let listening = false;
  // The shared connection already logs an outage.
  subscriber.on("error", () => {
    state.subscribed = false;
  });
  // node-redis subscribes again by itself after a reconnect.
  subscriber.on("ready", () => {
    state.subscribed = listening;
  });
  const onMessage = (message: string) => {
    if (VOTED.test(message)) return on.voted(message);
    const changed = CHANGED.exec(message);
    if (changed) on.changed(changed[1]);
  };
  // Subscribed once the connection is up, not queued before: a subscription queued while Redis was
  // still away at start (the first connection failing, then retried) delivered no message once it
  // came (node-redis 5 loses its place in the replies), so that server never heard another's votes.
  subscriber
    .connect()
    .then(() => subscriber.subscribe(LIVE_CHANNEL, onMessage))
    .then(() => {
      listening = true;
      state.subscribed = subscriber.isReady;
    })
    .catch(() => {});
  return async () => {
    if (services().liveSubscription === state) services().liveSubscription = undefined;
    try {
      if (subscriber.isOpen) await subscriber.close();
      else subscriber.destroy();
    } catch {
      subscriber.destroy();
    }
  };
}
