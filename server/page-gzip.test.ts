// The production server's compression (runs in the ordinary `npm test`): a cached answer is gzipped
// once per version of its cache entry and answered 304 when the client has it; everything else is
// compressed as it streams.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createPageGzip } from "./page-gzip.mjs";
import { secureResponseHeaders } from "./response-headers.mjs";

const { compressResponse, stats } = createPageGzip();

let page = "<!DOCTYPE html><p>" + "a cached page ".repeat(500) + "</p>";
const inline = ["self.__next_f.push([1,\"a\"])", "requestAnimationFrame(function(){$RT=performance.now()})"];
const scriptedPage =
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body>` +
  `<script type="application/ld+json">{"@type":"Thing"}</script>` +
  inline.map((code) => `<script>${code}</script>`).join("") +
  `<p>${"content ".repeat(200)}</p></body></html>`;
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    compressResponse(req, res);
    const path = req.url ?? "/";
    res.setHeader("Content-Type", path.startsWith("/api") ? "application/json" : "text/html; charset=utf-8");
    if (path === "/cached" || path === "/api/cached" || path.startsWith("/cached?")) {
      res.setHeader("Cache-Control", "s-maxage=60, stale-while-revalidate=600");
      res.setHeader("Content-Length", Buffer.byteLength(page));
      res.end(path.startsWith("/api") ? JSON.stringify({ page }) : page);
    } else if (path === "/scripted") {
      res.setHeader("Cache-Control", "s-maxage=60");
      res.setHeader("Content-Security-Policy", "default-src 'self'; script-src 'self' 'unsafe-inline'; object-src 'none'");
      res.end(scriptedPage);
    } else if (path === "/streamed") {
      res.setHeader("Cache-Control", "s-maxage=60");
      res.write(page.slice(0, 100));
      res.end(page.slice(100));
    } else if (path === "/private") {
      res.setHeader("Cache-Control", "private, no-store");
      res.end(page);
    } else {
      res.statusCode = 404;
      res.end("missing");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A raw request (fetch would decompress and hide Content-Encoding). */
function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("compression of npm start", () => {
  it("sends a cached page gzipped with its length and an ETag, the same bytes each time, and 304 to a client that has it", async () => {
    const first = await get("/cached", { "accept-encoding": "gzip, deflate, br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect(Number(first.headers["content-length"])).toBe(first.body.length);
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(first.body).toString()).toBe(page);
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await get("/cached", { "accept-encoding": "gzip" });
    expect(again.headers.etag).toBe(etag);
    expect(again.body.equals(first.body)).toBe(true);

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const cached = await get("/cached", { "accept-encoding": "gzip", "if-none-match": tag });
      expect(cached.status, tag).toBe(304);
      expect(cached.body.length).toBe(0);
      expect(cached.headers["content-encoding"]).toBeUndefined();
    }
    expect((await get("/cached", { "accept-encoding": "gzip", "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("gzips a new version when the page changes, with a new ETag", async () => {
    const before = await get("/cached", { "accept-encoding": "gzip" });
    page = page.replace("a cached page", "a refreshed page");
    const after = await get("/cached", { "accept-encoding": "gzip" });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(zlib.gunzipSync(after.body).toString()).toBe(page);
    expect((await get("/cached", { "accept-encoding": "gzip", "if-none-match": before.headers.etag! })).status).toBe(200);
  });

  it("keeps each URL's version apart (a JSON answer is not served the page's gzip)", async () => {
    const json = await get("/api/cached", { "accept-encoding": "gzip" });
    expect(JSON.parse(zlib.gunzipSync(json.body).toString())).toEqual({ page });
  });

  it("sends a cached page as it is to a client that does not take gzip, and to HEAD", async () => {
    const plain = await get("/cached", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    // The same version as the gzipped answer: its ETag, its 304, and no second compression.
    const before = stats();
    const zipped = await get("/cached", { "accept-encoding": "gzip" });
    expect(plain.headers.etag).toBe(zipped.headers.etag);
    const none = await get("/cached");
    expect(none.body.toString()).toBe(page);
    expect((await get("/cached", { "if-none-match": plain.headers.etag! })).status).toBe(304);
    expect(stats()).toEqual(before);
    const head = await get("/cached", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("still compresses streamed and private answers as they stream, without keeping them", async () => {
    for (const path of ["/streamed", "/private"]) {
      const res = await get(path, { "accept-encoding": "gzip" });
      expect(res.headers["content-encoding"], path).toBe("gzip");
      expect(res.headers.etag, path).toBeUndefined();
      expect(zlib.gunzipSync(res.body).toString(), path).toBe(page);
    }
  });

  it("keys a version by the page, not the query string: cache-busting requests reuse it and push nothing out", async () => {
    const first = await get("/cached", { "accept-encoding": "gzip" });
    const before = stats();
    for (let i = 0; i < 50; i++) {
      const busted = await get(`/cached?r=${i}-${Math.random()}`, { "accept-encoding": "gzip" });
      expect(busted.headers.etag).toBe(first.headers.etag);
      expect(busted.body.equals(first.body)).toBe(true);
    }
    expect(stats()).toEqual(before);
  });

  it("compresses a new version once however many requests ask for it at the same time", async () => {
    page = page.replace("page", "page, again");
    const before = stats().compressions;
    const answers = await Promise.all(Array.from({ length: 20 }, () => get("/cached", { "accept-encoding": "gzip" })));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(zlib.gunzipSync(answers[0].body).toString()).toBe(page);
    expect(stats().compressions - before).toBe(1);
  });

  it("leaves error answers alone", async () => {
    const missing = await get("/nothing", { "accept-encoding": "gzip" });
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe("brotli of a cached page", () => {
  // Its own compressor, so that the clock (only Date: the compressor's) can be moved without waiting.
  const brotliPage = "<!DOCTYPE html><p>" + "a page worth brotli ".repeat(400) + "</p>";
  const compressor = createPageGzip({ brotliAfterMs: 1000 });
  let brotliServer: http.Server;
  let brotliBase: string;
  beforeAll(async () => {
    brotliServer = http.createServer((req, res) => {
      compressor.compressResponse(req, res);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", "s-maxage=60");
      res.end(brotliPage);
    });
    await new Promise<void>((resolve) => brotliServer.listen(0, "127.0.0.1", resolve));
    brotliBase = `http://127.0.0.1:${(brotliServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => brotliServer.close(() => resolve())));
  afterEach(() => {
    vi.useRealTimers();
  });
  const fetchRaw = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${brotliBase}/page`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });

  it("sends gzip until the version has been current a second, then makes its brotli copy once, off the event loop, and sends that", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const accept = { "accept-encoding": "gzip, deflate, br, zstd" };
    const first = await fetchRaw(accept);
    expect(first.headers["content-encoding"]).toBe("gzip");
    expect((await fetchRaw(accept)).headers["content-encoding"]).toBe("gzip");
    expect(compressor.stats().brotli).toBe(0);
    vi.setSystemTime(Date.now() + 1000);
    // This request starts the brotli copy and still gets the gzip; the copy is made on the thread pool.
    expect((await fetchRaw(accept)).headers["content-encoding"]).toBe("gzip");
    vi.useRealTimers();
    let brotli = await fetchRaw(accept);
    for (let i = 0; i < 100 && brotli.headers["content-encoding"] !== "br"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      brotli = await fetchRaw(accept);
    }
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(brotliPage);
    expect(brotli.body.length).toBeLessThan(first.body.length);
    expect(Number(brotli.headers["content-length"])).toBe(brotli.body.length);
    // The same version: its ETag and its 304, whatever the encoding.
    expect(brotli.headers.etag).toBe(first.headers.etag);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/);
    expect((await fetchRaw({ ...accept, "if-none-match": first.headers.etag! })).status).toBe(304);
    for (let i = 0; i < 5; i++) expect((await fetchRaw(accept)).body.equals(brotli.body)).toBe(true);
    expect(compressor.stats()).toMatchObject({ brotli: 1, compressions: 1 });
  });

  it("sends gzip, or the page as it is, to a client that refuses brotli", async () => {
    expect((await fetchRaw({ "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    const plain = await fetchRaw({ "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(brotliPage);
    // Preferred by the server over gzip even when the client lists gzip first or weighs them the same.
    expect((await fetchRaw({ "accept-encoding": "gzip, br" })).headers["content-encoding"]).toBe("br");
  });
});

describe("script policy of a cached page", () => {
  it("allows the page's own inline scripts by hash, and no others", async () => {
    const csp = String((await get("/scripted", { "accept-encoding": "gzip" })).headers["content-security-policy"]);
    const expected = inline.map((code) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    expect(csp).toBe(`default-src 'self'; script-src 'self' 'unsafe-inline' ${expected.join(" ")}; object-src 'none'`);
    expect((await get("/scripted")).headers["content-security-policy"]).toBe(csp);
  });
});

// Kept answers, with a stand-in for Next wired as server/index.mjs wires Next: its verdict
// (`x-nextjs-cache`) heard through secureResponseHeaders, a kept answer tried before it is asked.
describe("answers kept from Next's cache hits", () => {
  const keptPage = "<!DOCTYPE html><p>" + "a kept page ".repeat(500) + "</p>";
  const events = { revalidations: 0, expirations: 0 };
  // A stale copy's refreshes 200 ms apart. The tests that send a request "meanwhile" stop the clock
  // (only Date: the keeper's clock) so that interval never passes under them, however busy the machine.
  let keeper = createPageGzip({ keep: true, cacheEvents: events, refreshEveryMs: 200 });
  /**
   * What the stand-in for Next answers next, and how often it was asked. `held`: the next request Next
   * gets waits for `release()` before it is answered (one request only), and `arrived` resolves when it came.
   */
  const next = {
    verdict: "MISS",
    body: keptPage,
    maxAge: 60,
    cookie: false,
    asked: 0,
    whileAnswering: () => {},
    held: null as null | { arrived: () => void; until: Promise<void> },
  };
  /** Holds Next's answer to the next request it gets: resolves `arrived` when it is there; `release()` lets it answer. */
  const holdNextAnswer = () => {
    let release!: () => void;
    let arrived!: () => void;
    const there = new Promise<void>((resolve) => (arrived = resolve));
    next.held = { arrived, until: new Promise<void>((resolve) => (release = resolve)) };
    return { arrived: there, release };
  };
  let nextServer: http.Server;
  let nextBase: string;

  beforeAll(async () => {
    nextServer = http.createServer((req, res) => {
      secureResponseHeaders(res, false, (verdict) => keeper.heard(req, verdict));
      if (keeper.serveKept(req, res)) return;
      keeper.compressResponse(req, res);
      next.asked++;
      next.whileAnswering();
      res.setHeader("X-Request-Id", `id-${next.asked}`);
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.setHeader("Cache-Control", `s-maxage=${next.maxAge}, stale-while-revalidate=600`);
      res.setHeader("Vary", "rsc, next-router-state-tree");
      res.setHeader("x-nextjs-cache", next.verdict);
      if (next.cookie) res.setHeader("Set-Cookie", "a=b");
      const body = next.body;
      const held = next.held;
      next.held = null;
      if (held) {
        held.arrived();
        void held.until.then(() => res.end(body));
      } else res.end(body);
    });
    await new Promise<void>((resolve) => nextServer.listen(0, "127.0.0.1", resolve));
    nextBase = `http://127.0.0.1:${(nextServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => nextServer.close(() => resolve())));
  // A test that failed with the clock stopped must not leave it stopped for the next.
  afterEach(() => {
    vi.useRealTimers();
  });

  const ask = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${nextBase}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  /** Asks for `path` and says whether the stand-in for Next was asked. */
  const answeredByNext = async (path: string, headers: Record<string, string> = {}) => {
    const before = next.asked;
    const answer = await ask(path, headers);
    return { ...answer, byNext: next.asked > before };
  };
  /** Next renders the page (MISS), then answers it from its cache (HIT). */
  const madeThenHit = async (path: string) => {
    next.verdict = "MISS";
    await ask(path);
    next.verdict = "HIT";
    await ask(path);
  };

  it("answers the page itself after Next made it and answered it from its cache: same body, headers, ETag and 304", async () => {
    await madeThenHit("/kept-a");
    const byNext = await ask("/kept-a", { "accept-encoding": "gzip" });
    const kept = await answeredByNext("/kept-a", { "accept-encoding": "gzip" });
    expect(kept.byNext).toBe(false);
    expect(kept.body.equals(byNext.body)).toBe(true);
    expect(zlib.gunzipSync(kept.body).toString()).toBe(keptPage);
    for (const name of ["content-type", "cache-control", "vary", "etag", "content-encoding", "content-length"]) expect(kept.headers[name], name).toBe(byNext.headers[name]);
    expect(kept.headers["x-request-id"]).toBeUndefined();
    expect(kept.headers["x-nextjs-cache"]).toBeUndefined();
    const plain = await answeredByNext("/kept-a");
    expect(plain.byNext).toBe(false);
    expect(plain.body.toString()).toBe(keptPage);
    const notModified = await answeredByNext("/kept-a", { "if-none-match": byNext.headers.etag! });
    expect([notModified.status, notModified.byNext]).toEqual([304, false]);
    expect(keeper.stats().kept).toBeGreaterThanOrEqual(3);
  });

  it("after a tag was marked stale, one request per page per interval (50 ms by default) goes to Next for the fresh copy, the others get the stale one", async () => {
    await madeThenHit("/kept-b");
    expect((await answeredByNext("/kept-b")).byNext).toBe(false);
    events.revalidations++; // a vote
    next.verdict = "STALE";
    vi.useFakeTimers({ toFake: ["Date"] });
    const hold = holdNextAnswer();
    const refreshing = answeredByNext("/kept-b");
    await hold.arrived; // Next is making the fresh copy now
    const meanwhile = await answeredByNext("/kept-b");
    hold.release();
    expect(meanwhile.byNext).toBe(false);
    expect(meanwhile.body.toString()).toBe(keptPage);
    expect((await refreshing).byNext).toBe(true);
    // One interval later the next request goes to Next again, whose fresh HIT is kept.
    vi.setSystemTime(Date.now() + 200);
    next.verdict = "HIT";
    next.body = keptPage.replace("a kept page", "a refreshed page");
    expect((await answeredByNext("/kept-b")).byNext).toBe(true);
    const kept = await answeredByNext("/kept-b");
    vi.useRealTimers();
    expect(kept.byNext).toBe(false);
    expect(kept.body.toString()).toContain("a refreshed page");
    next.body = keptPage;
  });

  it("after a tag expired entries (an edit, an unpublish), every request goes to Next until it answers a fresh HIT", async () => {
    await madeThenHit("/kept-i");
    expect((await answeredByNext("/kept-i")).byNext).toBe(false);
    events.revalidations++;
    events.expirations++;
    next.verdict = "MISS";
    const hold = holdNextAnswer();
    const rendering = answeredByNext("/kept-i");
    await hold.arrived; // Next is rendering the page now
    expect((await answeredByNext("/kept-i")).byNext).toBe(true);
    hold.release();
    expect((await rendering).byNext).toBe(true);
    next.verdict = "HIT";
    expect((await answeredByNext("/kept-i")).byNext).toBe(true);
    expect((await answeredByNext("/kept-i")).byNext).toBe(false);
  });

  it("a revalidation during Next's answer counts: the answer is not kept", async () => {
    next.verdict = "MISS";
    await ask("/kept-c");
    next.verdict = "HIT";
    // An unpublish lands after the request began, before Next's answer is kept.
    next.whileAnswering = () => {
      events.revalidations++;
      events.expirations++;
    };
    await ask("/kept-c");
    next.whileAnswering = () => {};
    expect((await answeredByNext("/kept-c")).byNext).toBe(true);
    expect((await answeredByNext("/kept-c")).byNext).toBe(false);
  });

  it("asks Next again once the entry's lifetime has passed, counted from the request that made it", async () => {
    next.maxAge = 1;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await madeThenHit("/kept-d");
      vi.setSystemTime(Date.now() + 999);
      expect((await answeredByNext("/kept-d")).byNext).toBe(false);
      // The keeper's clock moved past the 1 s lifetime (no waiting for it).
      vi.setSystemTime(Date.now() + 2);
      expect((await answeredByNext("/kept-d")).byNext).toBe(true);
    } finally {
      vi.useRealTimers();
      next.maxAge = 60;
    }
  });

  it("keeps a STALE answer only as stale: a request goes to Next, the ones meanwhile get that copy", async () => {
    next.verdict = "MISS";
    await ask("/kept-f");
    next.verdict = "STALE";
    next.body = keptPage.replace("a kept page", "a stale page");
    await ask("/kept-f");
    vi.useFakeTimers({ toFake: ["Date"] });
    const hold = holdNextAnswer();
    const refreshing = answeredByNext("/kept-f");
    await hold.arrived; // Next is refreshing the page now
    const meanwhile = await answeredByNext("/kept-f");
    hold.release();
    vi.useRealTimers();
    expect(meanwhile.byNext).toBe(false);
    expect(meanwhile.body.toString()).toContain("a stale page");
    expect((await refreshing).byNext).toBe(true);
    next.body = keptPage;
  });

  it("never keeps a page it did not see being made, a MISS, or an answer setting a cookie", async () => {
    next.verdict = "HIT";
    await ask("/kept-e");
    expect((await answeredByNext("/kept-e")).byNext).toBe(true); // a build-time page: never witnessed
    next.verdict = "MISS";
    await ask("/kept-j");
    expect((await answeredByNext("/kept-j")).byNext).toBe(true);
    next.verdict = "MISS";
    await ask("/kept-g");
    next.verdict = "HIT";
    next.cookie = true;
    await ask("/kept-g");
    next.cookie = false;
    expect((await answeredByNext("/kept-g")).byNext).toBe(true);
  });

  it("keeps a page from the build when told when the build was, for its lifetime counted from then", async () => {
    const usual = keeper;
    try {
      // A build a minute ago: a build-time page living a year is fresh, one living 30 s no longer is.
      keeper = createPageGzip({ keep: true, builtAt: Date.now() - 60_000, cacheEvents: events, refreshEveryMs: 200 });
      next.verdict = "HIT";
      next.maxAge = 31_536_000;
      await ask("/built-a");
      const kept = await answeredByNext("/built-a");
      expect(kept.byNext).toBe(false);
      expect(kept.body.toString()).toBe(keptPage);
      next.maxAge = 30;
      await ask("/built-b");
      // Past its lifetime: stale, so Next is asked (for a newer copy) rather than the copy sent as fresh.
      expect((await answeredByNext("/built-b")).byNext).toBe(true);
      // A tag revalidation makes the build's page stale as any other.
      next.maxAge = 31_536_000;
      events.revalidations++;
      expect((await answeredByNext("/built-a")).byNext).toBe(true);
    } finally {
      keeper = usual;
      next.maxAge = 60;
    }
  });

  it("leaves RSC, prefetch, preview and revalidation requests to Next", async () => {
    await madeThenHit("/kept-h");
    expect((await answeredByNext("/kept-h")).byNext).toBe(false);
    const variants: Record<string, string>[] = [{ rsc: "1" }, { "next-router-prefetch": "1" }, { cookie: "__prerender_bypass=x" }, { "x-prerender-revalidate": "x" }];
    for (const headers of variants) {
      expect((await answeredByNext("/kept-h", headers)).byNext, JSON.stringify(headers)).toBe(true);
    }
  });

  it("answers a kept page with brotli once its copy is made, without Next", async () => {
    await madeThenHit("/kept-k");
    const accept = { "accept-encoding": "br, gzip" };
    const early = await answeredByNext("/kept-k", accept);
    expect([early.byNext, early.headers["content-encoding"]]).toEqual([false, "gzip"]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 1000); // the version has been current a second: its brotli copy is made
    await answeredByNext("/kept-k", accept);
    vi.useRealTimers();
    let kept = await answeredByNext("/kept-k", accept);
    for (let i = 0; i < 100 && kept.headers["content-encoding"] !== "br"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      kept = await answeredByNext("/kept-k", accept);
    }
    expect([kept.byNext, kept.headers["content-encoding"]]).toEqual([false, "br"]);
    expect(zlib.brotliDecompressSync(kept.body).toString()).toBe(keptPage);
    expect(kept.headers.etag).toBe(early.headers.etag);
  });

  it("keeps nothing when told not to (a cache shared through Redis)", async () => {
    const shared = createPageGzip({ keep: false, cacheEvents: { revalidations: 0, expirations: 0 } });
    const req = { method: "GET", url: "/x", headers: {} } as unknown as http.IncomingMessage;
    expect(shared.serveKept(req, {} as http.ServerResponse)).toBe(false);
  });
});
