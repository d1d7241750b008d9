// Votes heard through Redis pub/sub, against a real redis-server (skipped without one): a published
// vote makes a subscribed hub read that survey again, ignoring figures memoized before it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRedis, pingRedis } from "@/lib/cache/redis.mjs";
import { publishVote, subscribeVotes } from "./bus";
import { createHub } from "./hub";

const PORT = 4791;
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
let redis: ChildProcess | undefined;

async function until(check: () => boolean, ms = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!hasRedis)("live results over Redis pub/sub", () => {
  beforeAll(async () => {
    redis = spawn("redis-server", ["--port", String(PORT), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
    for (let i = 0; i < 50; i++) {
      if (spawnSync("redis-cli", ["-p", String(PORT), "ping"]).stdout?.toString().includes("PONG")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
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
    const unsubscribe = subscribeVotes((surveyId) => {
      heard.push(surveyId);
      hub.notify(surveyId);
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
});
