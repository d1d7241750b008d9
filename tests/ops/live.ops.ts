// Live results streams (GET /api/survey/{id}/live) on real `npm start` servers: a vote reaches an
// open stream within a second on the same server and, through Redis, on another one sharing
// PostgreSQL; an unpublish on one ends the other's streams and polled figures within 100 ms; a server
// started while Redis is away says so in its readiness and its log, then recovers and hears votes;
// the per-client cap; and SIGTERM with 200 streams open ends every one of them at once and exits 0
// well within the grace period.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PG_URL,
  apiToken,
  baseEnv,
  childrenOf,
  createPgDatabase,
  createVoters,
  hasBuild,
  isAlive,
  openSurveyIds,
  seed,
  startServer,
  stopServer,
  tempDir,
  vote,
  type Server,
} from "./helpers";

type Event = { id?: string; data?: Record<string, unknown>; comment?: string; retry?: number; event?: string; at: number };
type Stream = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  events: Event[];
  ended: Promise<void>;
  isEnded: () => boolean;
  close: () => void;
};

/** Opens a stream as an EventSource would, parsing what arrives (events, comments, retry). */
function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      let buffered = "";
      let body = "";
      let ended = false;
      const events: Event[] = [];
      const ended$ = new Promise<void>((done) => {
        const finish = () => {
          ended = true;
          done();
        };
        res.on("end", finish);
        res.on("close", finish);
        res.on("error", finish);
      });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
        buffered += chunk;
        let at: number;
        while ((at = buffered.indexOf("\n\n")) >= 0) {
          const block = buffered.slice(0, at);
          buffered = buffered.slice(at + 2);
          const event: Event = { at: performance.now() };
          for (const line of block.split("\n")) {
            const [field, ...rest] = line.split(":");
            const value = rest.join(":").replace(/^ /, "");
            if (field === "") event.comment = value;
            else if (field === "id") event.id = value;
            else if (field === "data") event.data = JSON.parse(value);
            else if (field === "retry") event.retry = Number(value);
            else if (field === "event") event.event = value;
          }
          events.push(event);
        }
      });
      resolve({ status: res.statusCode ?? 0, headers: res.headers, get body() { return body; }, events, ended: ended$, isEnded: () => ended, close: () => req.destroy() });
    });
    req.on("error", reject);
  });
}

async function until<T>(ms: number, check: () => T | undefined | false): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Figures events (not comments) of a stream. */
const figuresOf = (stream: Stream) => stream.events.filter((e) => e.data);
const lastTotal = (stream: Stream) => Number(figuresOf(stream).at(-1)?.data?.total ?? -1);

/**
 * Votes, and measures the time from the vote's acceptance (its answer) to the stream showing a
 * total at least as high as the vote's (an event may even come before the answer: 0).
 */
async function voteReaches(server: Server, streams: Stream[], surveyId: string, voterId: string) {
  const res = await vote(server, surveyId, voterId);
  const acceptedAt = performance.now();
  expect(res.status).toBe(200);
  const { yesCount, noCount } = (await res.json()) as { yesCount: number; noCount: number };
  const total = yesCount + noCount;
  const delays: number[] = [];
  for (const stream of streams) {
    const event = await until(1500, () => figuresOf(stream).find((e) => Number(e.data!.total) >= total));
    delays.push(Math.max(0, event.at - acceptedAt));
  }
  return Math.max(...delays);
}

const metricsToken = "ops-metrics-token-live-0123456789";
async function metric(server: Server, name: string) {
  const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith(name))
    .map((l) => l.trim());
}

if (!hasBuild) console.warn("tests/ops/live: no production build (.next): run `npx next build` first; skipping.");

describe.skipIf(!hasBuild)("live results streams on one production server (PGlite)", () => {
  const dataDir = tempDir("live");
  // One trusted proxy hop: each test client gives itself its own address (X-Forwarded-For).
  const env = baseEnv({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: "20", METRICS_TOKEN: metricsToken, TRUSTED_PROXIES: "1" });
  let server: Server | undefined;
  let surveyId: string;
  let voters: { id: string }[];

  beforeAll(async () => {
    seed(env);
    voters = await createVoters({ dataDir }, 10);
    [surveyId] = await openSurveyIds({ dataDir }, 1);
    server = await startServer(4711, env);
  });
  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The first stream's headers: Next answered it (its route was not loaded yet). */
  let throughNext: http.IncomingHttpHeaders = {};

  it("streams uncompressed figures with the SSE headers; a bad id is a JSON 404", async () => {
    const stream = await openStream(`${server!.url}/api/survey/${surveyId}/live`, { "accept-encoding": "gzip, br", "x-forwarded-for": "192.0.2.1" });
    throughNext = stream.headers;
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers["cache-control"]).toBe("no-cache, no-transform");
      expect(stream.headers["x-accel-buffering"]).toBe("no");
      expect(stream.headers["content-encoding"]).toBeUndefined();
      const first = await until(5000, () => figuresOf(stream)[0]);
      expect(first.id).toMatch(/^\d+$/);
      expect(Object.keys(first.data!).sort()).toEqual(["deadlinePassed", "noCount", "resultsHidden", "stats", "total", "yesCount"]);
      expect(stream.events[0].retry).toBe(3000);
    } finally {
      stream.close();
    }
    for (const id of ["7b0c6f36-4e0e-4c64-9a57-0c2d1b8f0e11", "nope"]) {
      const res = await fetch(`${server!.url}/api/survey/${id}/live`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).error.code).toBe("not_found");
    }
  });

  it("answers the later streams without Next's pipeline, with the headers Next sent and the same events", async () => {
    const stream = await openStream(`${server!.url}/api/survey/${surveyId}/live`, { "accept-encoding": "gzip, br", "x-forwarded-for": "192.0.2.2" });
    try {
      const comparable = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date" && name !== "x-request-id"));
      expect(comparable(stream.headers)).toEqual(comparable(throughNext));
      expect(Object.keys(throughNext).length).toBeGreaterThan(8);
      expect(stream.headers["x-request-id"]).toMatch(/^[\w-]{20,}$/);
      const first = await until(5000, () => figuresOf(stream)[0]);
      expect(stream.events[0].retry).toBe(3000);
      expect(first.data!.total).toBeGreaterThanOrEqual(0);
    } finally {
      stream.close();
    }
  });

  it("a vote reaches open streams on the same server within a second", async () => {
    const streams = await Promise.all([1, 2, 3].map((n) => openStream(`${server!.url}/api/survey/${surveyId}/live`, { "x-forwarded-for": `192.0.2.${10 + n}` })));
    try {
      await until(5000, () => streams.every((s) => figuresOf(s).length > 0));
      const delays: number[] = [];
      for (const voter of voters.slice(0, 4)) {
        delays.push(await voteReaches(server!, streams, surveyId, voter.id));
        // Votes spread over the hub's second, not all just after a read.
        await new Promise((r) => setTimeout(r, 370));
      }
      console.log(`same server: a vote on the open streams after ${delays.map((d) => Math.round(d)).join(", ")} ms`);
      expect(Math.max(...delays)).toBeLessThan(1500);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("refuses an eleventh stream from one address with 429 and Retry-After, and counts it", async () => {
    const address = { "x-forwarded-for": "198.51.100.50" };
    const streams = await Promise.all(Array.from({ length: 10 }, () => openStream(`${server!.url}/api/survey/${surveyId}/live`, address)));
    try {
      expect(streams.map((s) => s.status)).toEqual(Array(10).fill(200));
      const refused = await fetch(`${server!.url}/api/survey/${surveyId}/live`, { headers: address });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect((await refused.json()).error.message).toMatch(/Too many live results streams/);
      expect(await metric(server!, "opinex_live_refused_total")).toContain('opinex_live_refused_total{reason="client_limit"} 1');
      expect(await metric(server!, "opinex_live_viewers ")).toEqual(["opinex_live_viewers 10"]);
    } finally {
      for (const s of streams) s.close();
    }
  }, 60_000);

  it("SIGTERM with 200 streams open: each gets a last word and ends at once, npm exits 0 well within the grace period, no process left", async () => {
    // The streams the clients closed in the tests before are gone from the server.
    for (let i = 0; i < 50 && (await metric(server!, "opinex_live_viewers "))[0] !== "opinex_live_viewers 0"; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await metric(server!, "opinex_live_viewers ")).toEqual(["opinex_live_viewers 0"]);
    const streams: Stream[] = [];
    for (let batch = 0; batch < 20; batch++) {
      streams.push(
        ...(await Promise.all(
          Array.from({ length: 10 }, () => openStream(`${server!.url}/api/survey/${surveyId}/live`, { "x-forwarded-for": `203.0.113.${batch + 1}` })),
        )),
      );
    }
    expect(streams.filter((s) => s.status !== 200)).toHaveLength(0);
    await until(10_000, () => streams.every((s) => figuresOf(s).length > 0));
    expect(await metric(server!, "opinex_live_viewers ")).toEqual(["opinex_live_viewers 200"]);

    const signalled = performance.now();
    server!.child.kill("SIGTERM");
    // Once stopping (readiness 503), new streams are refused: the server still answers for a moment.
    let stopping = false;
    for (let i = 0; i < 100 && !stopping; i++) {
      const res = await fetch(`${server!.url}/api/health/ready`).catch(() => null);
      stopping = res?.status === 503;
      if (!res) break;
    }
    expect(stopping).toBe(true);
    const late = await fetch(`${server!.url}/api/survey/${surveyId}/live`, { headers: { "x-forwarded-for": "203.0.113.99" } });
    expect(late.status).toBe(503);
    expect(late.headers.get("retry-after")).toBe("5");
    expect((await late.json()).error.message).toMatch(/restarting/);
    await Promise.all(streams.map((s) => s.ended));
    const allEnded = performance.now() - signalled;
    const code = await server!.exited;
    const exitedAfter = performance.now() - signalled;
    console.log(`SIGTERM: 200 streams ended after ${Math.round(allEnded)} ms; npm exited ${code} after ${Math.round(exitedAfter)} ms (grace 20 s)`);
    expect(code).toBe(0);
    // Far from the 20 s grace period: the streams did not hold the drain.
    expect(exitedAfter).toBeLessThan(10_000);
    for (const s of streams) {
      expect(s.isEnded()).toBe(true);
      const last = s.events.at(-1)!;
      expect(last.comment).toBe("server stopping, reconnect");
      expect(last.retry).toBeGreaterThanOrEqual(3000);
    }
    expect(isAlive(server!.serverPid)).toBe(false);
    expect(childrenOf(server!.child.pid!)).toEqual([]);
    expect(server!.lines.join("\n")).toContain('"msg":"stopped"');
    expect(server!.lines.join("\n")).not.toContain("grace period over");
    server = undefined;
  }, 120_000);
});

const REDIS_PORT = 4793;
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
const multi = hasBuild && Boolean(PG_URL) && hasRedis;
if (!multi) console.warn("tests/ops/live: the two-server part needs a build, TEST_DATABASE_URL and redis-server; skipping it.");

describe.skipIf(!multi)("live results across two production servers on PostgreSQL and Redis", () => {
  let redis: ChildProcess | undefined;
  let database: { url: string; drop: () => Promise<void> };
  let a: Server;
  let b: Server;
  let c: Server | undefined;
  let surveyId: string;
  let otherSurveyIds: string[];
  let voters: { id: string }[];
  let adminId: string;
  let env: Record<string, string>;

  const startRedis = async () => {
    redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
    for (let i = 0; i < 50; i++) {
      if (spawnSync("redis-cli", ["-p", String(REDIS_PORT), "ping"]).stdout?.toString().includes("PONG")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const stopRedis = async () => {
    if (!redis) return;
    const exited = new Promise((r) => redis!.on("exit", r));
    redis.kill("SIGKILL");
    await exited;
    redis = undefined;
  };
  const readiness = async (server: Server) => (await (await fetch(`${server.url}/api/health/ready`)).json()) as { status: string; degraded?: string[] };

  beforeAll(async () => {
    await startRedis();
    database = await createPgDatabase();
    env = baseEnv({ DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, METRICS_TOKEN: metricsToken, TRUSTED_PROXIES: "1", LOG_LEVEL: "info" });
    seed(env);
    voters = await createVoters({ url: database.url }, 10);
    [{ id: adminId }] = await createVoters({ url: database.url }, 1, "admin");
    [surveyId, ...otherSurveyIds] = await openSurveyIds({ url: database.url }, 3);
    [a, b] = await Promise.all([startServer(4721, env), startServer(4722, env)]);
  });
  afterAll(async () => {
    for (const s of [a, b, c]) if (s) await stopServer(s, "SIGKILL");
    await stopRedis();
    await database?.drop();
  });

  it("a vote on server A reaches streams on server B within a second (Redis pub/sub), and A's own", async () => {
    const onB = await Promise.all([1, 2].map((n) => openStream(`${b.url}/api/survey/${surveyId}/live`, { "x-forwarded-for": `192.0.2.${20 + n}` })));
    const onA = await openStream(`${a.url}/api/survey/${surveyId}/live`, { "x-forwarded-for": "192.0.2.30" });
    try {
      await until(5000, () => [...onB, onA].every((s) => figuresOf(s).length > 0));
      const before = lastTotal(onB[0]);
      const acrossDelays: number[] = [];
      const sameDelays: number[] = [];
      for (const voter of voters.slice(0, 5)) {
        const res = await vote(a, surveyId, voter.id);
        const acceptedAt = performance.now();
        expect(res.status).toBe(200);
        const { yesCount, noCount } = (await res.json()) as { yesCount: number; noCount: number };
        const total = yesCount + noCount;
        for (const [stream, delays] of [[onB[0], acrossDelays], [onB[1], acrossDelays], [onA, sameDelays]] as const) {
          const event = await until(1500, () => figuresOf(stream).find((e) => Number(e.data!.total) >= total));
          delays.push(Math.max(0, event.at - acceptedAt));
        }
        await new Promise((r) => setTimeout(r, 370));
      }
      expect(lastTotal(onB[0])).toBe(before + 5);
      console.log(
        `two servers: a vote on A seen on B's streams after ${acrossDelays.map((d) => Math.round(d)).join(", ")} ms; on A's after ${sameDelays.map((d) => Math.round(d)).join(", ")} ms`,
      );
      expect(Math.max(...acrossDelays)).toBeLessThan(1500);
      // B read the survey about once a second, not once per viewer or per vote.
      const reads = await metric(b, "opinex_live_results_reads_total");
      expect(reads).toHaveLength(1);
    } finally {
      for (const s of [...onB, onA]) s.close();
    }
  }, 120_000);

  it("a server started while Redis is away says so (readiness, log), tries again, recovers, and its streams then hear other servers' votes", async () => {
    await stopRedis();
    c = await startServer(4723, env);
    try {
      const away = await readiness(c);
      expect(away.status).toBe("degraded");
      expect(away.degraded?.[0]).toMatch(/^redis: unavailable since \d{4}-.*failed attempts.*served from the database/);
      expect(c.lines.some((l) => l.includes("redis unavailable, serving from the database"))).toBe(true);
      // A stream opened now subscribes to the other servers' votes while Redis is still away.
      const onC = await openStream(`${c.url}/api/survey/${otherSurveyIds[0]}/live`, { "x-forwarded-for": "192.0.2.40" });
      try {
        await until(5000, () => figuresOf(onC).length > 0);
        await startRedis();
        const recovered = await until(10_000, () => c!.lines.find((l) => l.includes("redis available again")));
        expect(JSON.parse(recovered)).toMatchObject({ level: "info", unavailableMs: expect.any(Number), failures: expect.any(Number) });
        for (let i = 0; i < 100 && (await readiness(c)).status !== "ready"; i++) await new Promise((r) => setTimeout(r, 100));
        expect(await readiness(c)).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", redis: "ok", stopping: false } });
        for (let i = 0; i < 100 && (await readiness(a)).status !== "ready"; i++) await new Promise((r) => setTimeout(r, 100));
        const before = lastTotal(onC);
        const res = await vote(a, otherSurveyIds[0], voters[9].id);
        expect(res.status).toBe(200);
        await until(1500, () => lastTotal(onC) === before + 1);
      } finally {
        onC.close();
      }
    } finally {
      await stopServer(c);
      c = undefined;
    }
  }, 120_000);

  it("an unpublish through A ends B's streams and B's polled figures within 100 ms (Redis pub/sub)", async () => {
    const id = otherSurveyIds[1];
    const onB = await Promise.all([1, 2].map((n) => openStream(`${b.url}/api/survey/${id}/live`, { "x-forwarded-for": `192.0.2.${50 + n}` })));
    try {
      await until(5000, () => onB.every((s) => figuresOf(s).length > 0));
      expect((await fetch(`${b.url}/api/survey/${id}/results`)).status).toBe(200);
      const res = await fetch(`${a.url}/api/update_survey_status`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiToken(adminId)}`, "content-type": "application/json" },
        body: JSON.stringify({ id, status: "unpublish", feedbackMessage: "Unpublished by the live streams test." }),
      });
      const answeredAt = performance.now();
      expect(res.status).toBe(200);
      const delays = await Promise.all(
        onB.map(async (stream) => {
          const gone = await until(2000, () => stream.events.find((e) => e.event === "gone"));
          await stream.ended;
          return Math.max(0, gone.at - answeredAt);
        }),
      );
      // Polled figures (GET /results) on B: the survey is gone there too, not a second later.
      const polled = await fetch(`${b.url}/api/survey/${id}/results`);
      const polledAfter = performance.now() - answeredAt;
      console.log(`two servers: an unpublish on A ended B's streams after ${delays.map((d) => Math.round(d)).join(", ")} ms; B's /results answered ${polled.status} after ${Math.round(polledAfter)} ms`);
      expect(Math.max(...delays)).toBeLessThan(100);
      expect(polled.status).toBe(404);
    } finally {
      for (const s of onB) s.close();
    }
  }, 120_000);

  it("stops both servers cleanly", async () => {
    expect(await Promise.all([stopServer(a), stopServer(b)])).toEqual([0, 0]);
  });
});
