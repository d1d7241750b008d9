// One production server (`npm start` on PGlite): the answers the audit's contract tools checked. A
// method a route does not have is a JSON 405 with Allow (server/route-methods.mjs), a 401 challenges,
// public pages keep <noscript><style> in <head> only, and the metrics use the standard default names.
// The build's static files are answered from the server's compressed copies (server/static-files.mjs),
// and a cached page with brotli once its copy is made (server/page-gzip.mjs).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, baseEnv, hasBuild, seed, startServer, stopServer, tempDir, type Server } from "./helpers";

const PORT = Number(process.env.OPS_ANSWERS_PORT ?? 3541);
const dataDir = tempDir("answers");
const METRICS_TOKEN = "ops-answers-metrics-token-0123456789";
const env = baseEnv({ DATA_DIR: dataDir, METRICS_TOKEN });
let server: Server;

describe.skipIf(!hasBuild)("a production server's answers", () => {
  beforeAll(async () => {
    seed(env);
    server = await startServer(PORT, env);
  });
  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a method a route does not have 405 with the API's error body and Allow; its own methods still work", async () => {
    const cases: [string, string, string][] = [
      ["DELETE", "/api/upload", "POST, OPTIONS"],
      ["PUT", "/api/health", "GET, HEAD, OPTIONS"],
      ["PATCH", "/api/vote/00000000-0000-4000-8000-000000000000", "GET, HEAD, PUT, OPTIONS"],
      ["DELETE", "/api/auth/session", "GET, HEAD, POST, OPTIONS"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get("allow"), path).toBe(allow);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error.code).toBe("method_not_allowed");
      expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    }
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/health`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${server.url}/api/upload`, { method: "OPTIONS" })).status).toBeLessThan(300);
    // An unknown /api path is still the JSON 404 of every method.
    expect((await fetch(`${server.url}/api/no-such-call`, { method: "DELETE" })).status).toBe(404);
  });

  it("challenges every 401 with WWW-Authenticate", async () => {
    for (const path of ["/api/me/export", "/api/metrics"]) {
      const res = await fetch(`${server.url}${path}`, { headers: path === "/api/metrics" ? { authorization: "Bearer wrong" } : {} });
      expect(res.status, path).toBe(401);
      expect(res.headers.get("www-authenticate"), path).toBe('Bearer realm="OPINEX"');
    }
  });

  it("serves public pages with <noscript><style> only in <head>", async () => {
    // The server holds the embedded database: a survey's id from the API.
    const [{ _id: surveyId }] = (await (await fetch(`${server.url}/api/get_latest_survey`)).json()) as { _id: string }[];
    for (const path of ["/", "/surveys", "/about", "/pricing", "/contact", "/login", "/register", `/survey/details/${surveyId}`]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      const at = html.indexOf("<body");
      expect(at, path).toBeGreaterThan(0);
      const body = html.slice(at);
      const inBody = [...body.matchAll(/<noscript>([\s\S]*?)<\/noscript>/g)].filter((m) => /<style/i.test(m[1]));
      expect(inBody.map((m) => m[0].slice(0, 80)), path).toEqual([]);
      expect(html.slice(0, at), path).toMatch(/<head>[\s\S]*<noscript><style>[^<]*\.menu-button[^<]*\{display:none\}<\/style><\/noscript>[\s\S]*<\/head>/);
    }
  });

  /** A raw GET (fetch would decode the body and hide Content-Encoding). */
  const raw = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${server.url}${url}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject)
        .end();
    });
  /** Answers counted for the static files (every method and status). */
  const staticAnswers = async () => {
    const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    return [...text.matchAll(/^opinex_http_requests_total\{[^}]*route="\/_next\/static"[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  };

  it("sends the build's static files from its compressed copies: brotli, gzip or none, the headers Next sends, 304, HEAD, a request id, counted", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const script = html.match(/\/_next\/static\/[^"'\s]+\.js/)![0];
    const onDisk = fs.readFileSync(path.join(ROOT, ".next", script.slice("/_next".length)));
    // Compressed in the background at start (or read from the build's cache): wait until it is ready.
    let br = await raw(script, { "accept-encoding": "gzip, deflate, br, zstd" });
    for (let i = 0; i < 300 && !br.headers.etag; i++) {
      await new Promise((r) => setTimeout(r, 200));
      br = await raw(script, { "accept-encoding": "gzip, deflate, br, zstd" });
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(onDisk)).toBe(true);
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.headers).toMatchObject({
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "application/javascript; charset=UTF-8",
      "x-content-type-options": "nosniff",
      vary: "Accept-Encoding",
    });
    expect(br.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(br.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const gzip = await raw(script, { "accept-encoding": "gzip" });
    expect(zlib.gunzipSync(gzip.body).equals(onDisk)).toBe(true);
    expect(gzip.headers["x-request-id"]).not.toBe(br.headers["x-request-id"]);
    expect((await raw(script)).body.equals(onDisk)).toBe(true);
    const before = await staticAnswers();
    const again = await raw(script, { "accept-encoding": "br", "if-none-match": br.headers.etag! });
    expect([again.status, again.body.length]).toEqual([304, 0]);
    const head = await raw(script, { "accept-encoding": "br" }, "HEAD");
    expect([head.status, head.body.length, head.headers["content-length"]]).toEqual([200, 0, br.headers["content-length"]]);
    expect(await staticAnswers()).toBe(before + 2);
    // A file the build does not have is still Next's 404.
    expect((await raw("/_next/static/chunks/no-such-chunk.js")).status).toBe(404);
  });

  it("sends a cached page with brotli once its version has been current a moment, the same page as gzip", async () => {
    const plain = (await raw("/surveys", { "accept-encoding": "identity" })).body.toString();
    let br = await raw("/surveys", { "accept-encoding": "br, gzip" });
    for (let i = 0; i < 50 && br.headers["content-encoding"] !== "br"; i++) {
      await new Promise((r) => setTimeout(r, 200));
      br = await raw("/surveys", { "accept-encoding": "br, gzip" });
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(plain);
    const gzip = await raw("/surveys", { "accept-encoding": "gzip" });
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(br.headers.etag).toBe(gzip.headers.etag);
  });

  it("exposes the standard process_ and nodejs_ series and the product's opinex_ ones", async () => {
    const text = await (await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^opinex_http_requests_total\{/m);
    expect(text).not.toMatch(/^opinex_(process|nodejs)_/m);
  });
});
