// Live results streams handed to their route's handler by the server (server/live-streams.mjs), with a
// stand-in handler on the process-wide seam: the first stream left to Next, what is left to Next, what
// the handler gets, what the client gets (status, headers with next.config.ts's, each event as it comes),
// and the handler's stream cancelled when the client goes.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runtime } from "@/lib/runtime.mjs";
import { createLiveStreams } from "./live-streams.mjs";

const ID = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const rules = [
  { regex: /^(?:\/(.*))?$/, headers: [{ key: "X-Frame-Options", value: "DENY" }, { key: "Cache-Control", value: "private" }], conditional: false },
  { regex: /^\/api\/conditional\/.*$/, headers: [], conditional: true },
];
const services = runtime().services as { liveStream?: (request: Request, ctx: { params: Promise<{ id: string }> }) => Promise<Response> };

let server: http.Server;
const toNext: string[] = [];
/** What the stand-in handler saw, and its stream's controller. */
let seen: { url: string; id: string; lastEventId: string | null; signal: AbortSignal }[] = [];
let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
let cancelled = false;

beforeAll(async () => {
  const serve = createLiveStreams({ rules });
  server = http.createServer((req, res) => {
    if (serve(req, res, false)) return;
    toNext.push(`${req.method} ${req.url}`);
    res.writeHead(404).end("next");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // The first stream the route's handler is there for goes to Next while the server loads Next's request
  // class; then the server answers.
  handle();
  const url = `http://127.0.0.1:${port()}/api/survey/${ID}/live`;
  expect((await fetch(url)).status).toBe(404);
  for (let tries = 0; tries < 100; tries++) {
    const answer = await fetch(url);
    await answer.body?.cancel();
    if (answer.status === 200) break;
  }
  expect(toNext.length).toBeGreaterThanOrEqual(1);
  delete services.liveStream;
  toNext.length = 0;
  seen = [];
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  delete services.liveStream;
  toNext.length = 0;
  seen = [];
  controller = null;
  cancelled = false;
});

function handle() {
  services.liveStream = async (request, { params }) => {
    seen.push({ url: request.url, id: (await params).id, lastEventId: request.headers.get("last-event-id"), signal: request.signal });
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => void (cancelled = true),
    });
    return new Response(body, { headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache, no-transform" } });
  };
}

const port = () => (server.address() as AddressInfo).port;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe("live streams answered by the server", () => {
  it("leaves to Next a stream while the route is not loaded, other paths and methods, and paths whose headers depend on the request", async () => {
    expect((await fetch(`http://127.0.0.1:${port()}/api/survey/${ID}/live`)).status).toBe(404);
    handle();
    for (const [path, method] of [
      [`/api/survey/${ID}/results`, "GET"],
      [`/api/survey/${ID}/live`, "POST"],
      [`/api/survey/%E0%A4%A/live`, "GET"],
    ]) {
      expect((await fetch(`http://127.0.0.1:${port()}${path}`, { method })).status).toBe(404);
    }
    const conditional = createLiveStreams({ rules: [{ regex: /.*/, headers: [], conditional: true }] });
    // Its first live request starts loading Next's request class; the second reaches the rule.
    const live = { method: "GET", url: `/api/survey/${ID}/live`, headers: {} } as never;
    conditional(live, {} as never, false);
    await import("next/server.js");
    await new Promise((r) => setTimeout(r, 0));
    expect(conditional({ method: "GET", url: `/api/survey/${ID}/live`, headers: {} } as never, {} as never, false)).toBe(false);
    expect(toNext).toHaveLength(4);
    expect(seen).toEqual([]);
  });

  it("hands the request to the route's handler and sends its answer as it comes, with next.config.ts's headers", async () => {
    handle();
    const events: string[] = [];
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: port(), path: `/api/survey/${ID}/live?x=1`, headers: { "last-event-id": "7", host: "localhost" } }, resolve).on("error", reject),
    );
    answer.setEncoding("utf8").on("data", (chunk: string) => events.push(chunk));
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({ "content-type": "text/event-stream; charset=utf-8", "x-frame-options": "DENY", "cache-control": "no-cache, no-transform", vary: "rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch" });
    expect(seen).toMatchObject([{ url: `http://localhost/api/survey/${ID}/live?x=1`, id: ID, lastEventId: "7" }]);
    controller!.enqueue(new TextEncoder().encode("data: 1\n\n"));
    await until(() => events.join("") === "data: 1\n\n");
    controller!.enqueue(new TextEncoder().encode("data: 2\n\n"));
    await until(() => events.join("") === "data: 1\n\ndata: 2\n\n");
    expect(toNext).toEqual([]);

    // The viewer goes: the request's signal aborts and the handler's stream is cancelled.
    answer.destroy();
    await until(() => cancelled && seen[0].signal.aborted);
  });

  it("ends the answer when the handler's stream ends, and answers 500 when the handler throws", async () => {
    handle();
    const done = fetch(`http://127.0.0.1:${port()}/api/survey/${ID}/live`).then((r) => r.text());
    await until(() => controller !== null);
    controller!.enqueue(new TextEncoder().encode("event: gone\ndata: {}\n\n"));
    controller!.close();
    expect(await done).toBe("event: gone\ndata: {}\n\n");

    services.liveStream = async () => {
      throw new Error("the database went away");
    };
    expect((await fetch(`http://127.0.0.1:${port()}/api/survey/${ID}/live`)).status).toBe(500);
  });
});
