// Votes and changes heard through Redis pub/sub, against a real redis-server (skipped without one): a
// published vote makes a subscribed hub read that survey again, ignoring figures memoized before it; a
// published change makes it read at once, past its interval; a server whose Redis came up only after
// it started (retried meanwhile) hears them all the same, and says how its connection is meanwhile.
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasRedis, startRedis, until } from "@/tests/redis-server";
import { closeRedis, pingRedis, redisState } from "@/lib/cache/redis.mjs";
import { runtime } from "@/lib/runtime.mjs";
import { publishChange, publishVote, subscribeLive } from "./bus";
import { createHub } from "./hub";

const PORT = 4791;
const LATE_PORT = 4792;
let redis: ChildProcess | undefined;

describe.skipIf(!hasRedis)("live results over Redis pub/sub", () => {
  beforeAll(async () => {
    redis = await startRedis(PORT);
    process.env.REDIS_URL = `redis://127.0.0.1:${PORT}`;
    await pingRedis();
  });
  afterAll(async () => {
    await closeRedis();
    delete process.env.REDIS_URL;
    redis?.kill("SIGKILL");
  });

  it("a vote published by any server makes the subscribed hub read that survey again, past its memo", async () => {
    const id = "5d0c6f36-4e0e-4c64-9a57-0c2d1b8f0e11";
    const reads: (number | undefined)[] = [];
    const hub = createHub<{ n: number }>({
      intervalMs: 300,
      read: async (_, freshSince) => {
        reads.push(freshSince);
        return { n: reads.length };
      },
    });
    const heard: string[] = [];
    const unsubscribe = subscribeLive({
      voted: (surveyId) => {
        heard.push(surveyId);
        hub.notify(surveyId);
      },
      changed: () => {},
    })!;
    try {
      await hub.join(id, () => {});
      // The subscription is made once its connection is up: publish until it is heard.
      await until(() => {
        publishVote("not-a-survey-id");
        publishVote(id);
        return heard.length > 0;
      });
      expect(heard.every((h) => h === id)).toBe(true);
      // Plain polls reuse memoized figures; the read after a vote's message must not.
      const published = Date.now();
      publishVote(id);
      await until(() => reads.some((f) => f !== undefined && f >= published));
    } finally {
      hub.close();
      await unsubscribe();
    }
  });

  it("a change published by any server makes the subscribed hub read that survey at once, past its interval", async () => {
    const id = "7e1f0c2a-5b3d-4c8e-9f10-2a3b4c5d6e7f";
    let reads = 0;
    // An interval far longer than the test: only a change can cause the second read.
    const hub = createHub<{ n: number }>({ intervalMs: 60_000, read: async () => ({ n: ++reads }) });
    const changes: string[] = [];
    const unsubscribe = subscribeLive({
      voted: () => {},
      changed: (surveyId) => {
        changes.push(surveyId);
        hub.refresh(surveyId);
      },
    })!;
    try {
      await hub.join(id, () => {});
      expect(reads).toBe(1);
      await until(() => {
        publishChange("not-a-survey-id");
        publishChange(id);
        return changes.length > 0;
      });
      expect(changes.every((c) => c === id)).toBe(true);
      await until(() => reads >= 2, 2000);
    } finally {
      hub.close();
      await unsubscribe();
    }
  });
});

describe.skipIf(!hasRedis)("a Redis that comes up after the server started", () => {
  let late: ChildProcess | undefined;
  afterAll(async () => {
    await closeRedis();
    delete process.env.REDIS_URL;
    late?.kill("SIGKILL");
  });

  it("is retried until it answers, is reported unavailable meanwhile, and the live subscription made meanwhile hears votes once it is up", async () => {
    process.env.REDIS_URL = `redis://127.0.0.1:${LATE_PORT}`;
    const id = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
    const heard: string[] = [];
    const unsubscribe = subscribeLive({ voted: (surveyId) => heard.push(surveyId), changed: () => {} })!;
    try {
      await until(() => redisState().state === "unavailable");
      expect((runtime().services as { liveSubscription?: { subscribed: boolean } }).liveSubscription).toEqual({ subscribed: false });
      await expect(pingRedis()).rejects.toThrow();
      late = await startRedis(LATE_PORT);
      // Retried every 2 s at most.
      await until(() => redisState().state === "ok", 10_000);
      expect(await pingRedis()).toBe("ok");
      await until(() => (runtime().services as { liveSubscription?: { subscribed: boolean } }).liveSubscription?.subscribed === true, 10_000);
      await until(() => {
        publishVote(id);
        return heard.length > 0;
      });
      expect(heard[0]).toBe(id);
    } finally {
      await unsubscribe();
    }
  });

});
