import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import type { Survey, User } from "@/models";
import { liveStats } from "@/lib/live/streams";
import { resultStats } from "@/lib/surveys/stats";
import { runtime } from "@/lib/runtime.mjs";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { PUT as vote } from "../../../vote/[id]/route";
import { GET as results } from "../results/route";
import { GET } from "./route";

vi.hoisted(() => {
  // Read once by getEnv(): a small per-client cap to reach in a test.
  process.env.LIVE_MAX_STREAMS_PER_CLIENT = "3";
});

let owner: User;
let published: Survey;
let hidden: Survey;
let kept: Survey;

beforeAll(async () => {
  owner = await createUser({ role: "surveyor" });
  published = await createSurvey(owner.id, { yesCount: 4, noCount: 2 });
  hidden = await createSurvey(owner.id, { status: "unpublish" });
  kept = await createSurvey(owner.id, { yesCount: 7, noCount: 3, resultsVisibility: "after_deadline" });
});
afterAll(() => {
  runtime().stopping = false;
});

type Open = { status: number; headers: Headers; next: () => Promise<string>; close: () => Promise<void>; json?: unknown };

/** Opens the stream like a browser would; `next()` reads up to the next blank line (one event or comment). */
async function open(id: string, headers: Record<string, string> = {}): Promise<Open> {
  const controller = new AbortController();
  const request = new NextRequest(new URL(`/api/survey/${id}/live`, "http://localhost:3000"), {
    headers: { accept: "text/event-stream", "x-forwarded-for": "192.0.2.10", ...headers },
    signal: controller.signal,
  });
  const response = await GET(request, { params: Promise.resolve({ id }) });
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return { status: response.status, headers: response.headers, json: await response.json(), next: async () => "", close: async () => {} };
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  return {
    status: response.status,
    headers: response.headers,
    async next() {
      while (!buffered.includes("\n\n")) {
        const { value, done } = await reader.read();
        if (done) {
          const rest = buffered;
          buffered = "";
          return rest;
        }
        buffered += decoder.decode(value, { stream: true });
      }
      const at = buffered.indexOf("\n\n") + 2;
      const block = buffered.slice(0, at);
      buffered = buffered.slice(at);
      return block;
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}

const dataOf = (block: string) => JSON.parse(/^data: (.*)$/m.exec(block)![1]);
const idOf = (block: string) => /^id: (\d+)$/m.exec(block)?.[1];

describe("GET /api/survey/{id}/live", () => {
  it("streams the current figures at once, the same as GET /api/survey/{id}/results, with the stream headers", async () => {
    const stream = await open(published.id);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.headers.get("cache-control")).toBe("no-cache, no-transform");
      expect(stream.headers.get("x-accel-buffering")).toBe("no");
      const first = await stream.next();
      expect(first).toMatch(/^retry: 3000\nid: \d+\ndata: /);
      const polled = await call(results, { params: { id: published.id } });
      expect(dataOf(first)).toEqual(polled.json);
      expect(dataOf(first)).toEqual({ yesCount: 4, noCount: 2, total: 6, deadlinePassed: false, stats: resultStats(4, 2), resultsHidden: false });
      // Nothing personal: the same public figures, whoever asks.
      expect(first).not.toContain(owner.email);
    } finally {
      await stream.close();
    }
  });

  it("streams nulls for a survey that keeps its results until its deadline, as GET /api/survey/{id}/results does", async () => {
    const stream = await open(kept.id, { cookie: "authjs.session-token=anything" });
    try {
      const first = dataOf(await stream.next());
      expect(first).toEqual({ yesCount: null, noCount: null, total: null, deadlinePassed: false, stats: null, resultsHidden: true });
      expect(first).toEqual((await call(results, { params: { id: kept.id } })).json);
    } finally {
      await stream.close();
    }
  });

  it("does not send the same figures again to a client that reconnects with the current Last-Event-ID", async () => {
    const a = await open(published.id);
    const first = await a.next();
    const id = idOf(first)!;
    const again = await open(published.id, { "last-event-id": id });
    const other = await open(published.id, { "last-event-id": "12345" });
    try {
      expect(await again.next()).toBe("retry: 3000\n\n");
      // Any other id (another server's, or older): the current figures at once.
      const sent = await other.next();
      expect(idOf(sent)).toBe(id);
      expect(dataOf(sent)).toEqual(dataOf(first));
    } finally {
      await Promise.all([a.close(), again.close(), other.close()]);
    }
  });

  it("does not repeat the figures to a lone viewer reconnecting after its survey's poller stopped", async () => {
    const lone = await open(kept.id);
    const id = idOf(await lone.next())!;
    await lone.close();
    // The last viewer left: nobody polls the survey any more.
    await vi.waitFor(() => expect(liveStats().streams).toBe(0));
    expect(liveStats().surveys).toBe(0);
    // Later: a hub that forgot would give the same figures a new id (the time it read them).
    await new Promise((resolve) => setTimeout(resolve, 10));
    const back = await open(kept.id, { "last-event-id": id });
    try {
      expect(await back.next()).toBe("retry: 3000\n\n");
    } finally {
      await back.close();
    }
  });

  it("sends a vote's new figures to an open stream", async () => {
    const stream = await open(published.id);
    try {
      const before = dataOf(await stream.next());
      const voter = await createUser({ role: "user" });
      expect((await call(vote, { method: "PUT", as: voter, params: { id: published.id }, body: { vote: "no" } })).status).toBe(200);
      // The hub reads again within a second of the vote; this only waits for the event.
      const change = await stream.next();
      expect(dataOf(change)).toEqual({
        ...before,
        noCount: before.noCount + 1,
        total: before.total + 1,
        stats: resultStats(before.yesCount, before.noCount + 1),
      });
    } finally {
      await stream.close();
    }
  });

  it.each([
    ["an unknown id", "7b0c6f36-4e0e-4c64-9a57-0c2d1b8f0e11"],
    ["a malformed id", "not-a-survey"],
    ["a hostile id", "1' or '1'='1"],
  ])("answers %s with a JSON 404, not a stream", async (_, id) => {
    const res = await open(id);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.json).toMatchObject({ error: { code: "not_found" } });
  });

  it("answers an unpublished survey with a JSON 404, even to its surveyor (nothing personal is streamed)", async () => {
    const res = await open(hidden.id);
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ error: { code: "not_found" } });
  });

  it("refuses more streams from one address than the cap with 429 and Retry-After, counting only open ones", async () => {
    const address = { "x-forwarded-for": "198.51.100.7" };
    const streams = [await open(published.id, address), await open(published.id, address), await open(published.id, address)];
    try {
      expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await open(published.id, address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(refused.json).toMatchObject({ error: { code: "too_many_requests" } });
      // Another address is not affected.
      const elsewhere = await open(published.id, { "x-forwarded-for": "198.51.100.8" });
      expect(elsewhere.status).toBe(200);
      await elsewhere.close();
      // A stream that ends frees its place.
      await streams.pop()!.close();
      const again = await open(published.id, address);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
    expect(liveStats().streams).toBe(0);
    expect(liveStats().viewers).toBe(0);
  });

  it("counts all of loopback as one client, and an IPv6 /64 as one, for the per-client cap", async () => {
    const loopback = Array.from({ length: 200 }, (_, i) => (i % 2 ? `127.0.${i >> 8}.${(i & 255) + 1}` : i % 4 ? "::1" : `::ffff:127.1.0.${i}`));
    const opened: Open[] = [];
    try {
      for (const address of loopback) opened.push(await open(published.id, { "x-forwarded-for": address }));
      expect(opened.filter((s) => s.status === 200)).toHaveLength(3);
      expect(opened.filter((s) => s.status === 429)).toHaveLength(197);
      const v6 = ["2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::3", "2001:db8:5:6::4"];
      for (const address of v6) opened.push(await open(published.id, { "x-forwarded-for": address }));
      expect(opened.slice(-4).map((s) => s.status)).toEqual([200, 200, 200, 429]);
    } finally {
      await Promise.all(opened.map((s) => s.close()));
    }
    expect(liveStats().streams).toBe(0);
  });

  it("refuses new streams with 503 once the server is stopping", async () => {
    runtime().stopping = true;
    try {
      const res = await open(published.id);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      runtime().stopping = false;
    }
  });

  it("ends every open stream with a last word as soon as the server starts stopping", async () => {
    const streams = await Promise.all([open(published.id), open(published.id, { "x-forwarded-for": "192.0.2.11" })]);
    for (const s of streams) await s.next();
    expect(liveStats().streams).toBe(2);
    for (const [, stop] of runtime().stoppers) stop();
    for (const s of streams) {
      expect(await s.next()).toMatch(/^retry: \d+\n: server stopping, reconnect\n\n$/);
      // Then the end of the stream.
      expect(await s.next()).toBe("");
    }
    expect(liveStats().streams).toBe(0);
  });
});
