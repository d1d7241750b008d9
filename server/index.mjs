// The production server (`npm start`): Next as a library in this process, behind the parts of this
// folder, each with one job (docs/architecture.md):
//   client-address.mjs    the client's address from the connection and TRUSTED_PROXIES (proxy-addr)
//   request-id.mjs        a fresh X-Request-Id per request
//   refusals.mjs          malformed requests answered 400/405 before Next
//   response-headers.mjs  HSTS over HTTPS only, Next's cache headers hidden, next.config.ts's headers
//   page-gzip.mjs         cached pages compressed once per version (gzip, then brotli), off the event
//                         loop, with their CSP hashes, and answered again from there while Next's cache
//                         would answer them the same
//   static-files.mjs      the build's /_next/static files compressed once at start, answered from memory
//   live-streams.mjs      live results streams handed to their route's handler without Next's pipeline
//   drain.mjs             SIGTERM/SIGINT: drain, close the database and Redis, exit 0
//   route-patterns.mjs    the route pattern of a request, for metrics labelled without raw URLs
//   route-methods.mjs     the methods each /api route answers: any other is refused 405 with `Allow`
//   next-config.mjs       Next's configuration as the build serialised it, never next.config.ts
// It hands Next each cached page's public URL as the internal route that renders it
// (lib/public-rewrites.mjs), reads the configuration through lib/env.mjs like the app, logs through lib/logger.mjs like the
// app, and tells the app it is there through lib/runtime.mjs (a production app started any other way
// refuses to serve: instrumentation.ts).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import vary from "vary";
import { getEnv } from "../lib/env.mjs";
import { routeRequest, VARY_LOCALE } from "../lib/i18n/routing.mjs";
import { createLogger } from "../lib/logger.mjs";
import { metrics } from "../lib/metrics.mjs";
import { onShutdown, runtime } from "../lib/runtime.mjs";
import { isHttps, parseTrustedProxies, resolveClientAddress } from "./client-address.mjs";
import { drainOnStop } from "./drain.mjs";
import { createPageGzip } from "./page-gzip.mjs";
import { createStaticFiles } from "./static-files.mjs";
import { createLiveStreams } from "./live-streams.mjs";
import { refuseMalformed, refuseMethod } from "./refusals.mjs";
import { assignRequestId, newRequestId } from "./request-id.mjs";
import { pinNextConfig, serialisedNextConfig } from "./next-config.mjs";
import { loadRouteMethods } from "./route-methods.mjs";
import { loadRoutePatterns } from "./route-patterns.mjs";
import { HSTS, headerRules, secureResponseHeaders } from "./response-headers.mjs";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.AUTH_TRUST_HOST ??= "true";

const log = createLogger();
let env, trusted, nextConfig;
try {
  env = getEnv();
  trusted = parseTrustedProxies(env.TRUSTED_PROXIES);
  nextConfig = serialisedNextConfig(process.cwd(), { redisUrl: env.REDIS_URL });
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

runtime().server = "server/index.mjs";
const { default: next } = await import("next");
// Each time Next loads its configuration it gets the build's: no config file, no compiler (next-config.mjs).
const app = next({ dev: false, dir: process.cwd(), port: env.PORT, conf: pinNextConfig(nextConfig) });
const handle = app.getRequestHandler();
await app.prepare();

// Kept answers only with Next's in-process cache: with Redis, other servers' revalidations are heard there.
// The build's pages (/about, /privacy, …) were made when it was: its BUILD_ID file was written last.
const builtAt = fs.statSync(path.join(process.cwd(), ".next", "BUILD_ID")).mtimeMs;
// With Redis, pages are kept only while this server hears the other servers' revalidations (its client
// is loaded only then).
let keep = true;
if (env.REDIS_URL) {
  const { cacheEventsHeard, shareCacheEvents } = await import("../lib/cache/cache-events.mjs");
  const close = shareCacheEvents();
  if (close) onShutdown("cache-events", close);
  keep = cacheEventsHeard;
}
const pages = createPageGzip({ cacheMegabytes: env.PRECOMPRESS_CACHE_MB, keep, builtAt });
// Compressed in the background from now on; each file is answered here once it is ready.
const statics = createStaticFiles({ dir: process.cwd(), log });
// Live results streams after the first, handed to their route by the server (without Next's pipeline).
const liveStreams = createLiveStreams({ rules: headerRules(process.cwd()), log });
const { patternOf } = loadRoutePatterns(process.cwd());
const routeMethods = loadRouteMethods(process.cwd());
const { httpRequests, httpDuration, pageCache } = metrics();

const server = http.createServer((req, res) => {
  const file = statics.lookup(req);
  if (file) return serveStatic(req, res, file);
  const started = performance.now();
  // The address asked for, for the log: the page's internal route replaces it below.
  const asked = req.url ?? "/";
  const requestId = assignRequestId(req, res);
  const client = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
  const https = isHttps(req, trusted);
  // The app sees the address and scheme this server decided, never ones a client claimed.
  req.headers["x-forwarded-for"] = client;
  req.headers["x-forwarded-proto"] = https ? "https" : "http";
  delete req.headers["x-real-ip"];
  secureResponseHeaders(res, https, (result) => {
    pageCache.inc({ result });
    pages.heard(req, result);
  });
  res.on("finish", () => {
    const labels = { route: patternOf(req), method: req.method ?? "", status: `${Math.floor(res.statusCode / 100)}xx` };
    httpRequests.inc(labels);
    httpDuration.observe(labels, (performance.now() - started) / 1000);
    // One line per failed or refused request that the route wrapper did not log itself.
    if (runtime().logged.delete(requestId) || res.statusCode < 400) return;
    const fields = {
      requestId,
      method: req.method,
      path: asked.split("?")[0],
      status: res.statusCode,
      durationMs: Math.round(performance.now() - started),
      client,
    };
    if (res.statusCode >= 500) log.error(fields, "request failed");
    else log.warn(fields, "request failed");
  });
  if (refuseMalformed(req, res, requestId)) return;
  const allow = req.url?.startsWith("/api/") ? routeMethods.get(patternOf(req)) : undefined;
  if (allow && !allow.includes(req.method ?? "GET")) return refuseMethod(req, res, requestId, allow);
  if (liveStreams(req, res, https)) return;
  if (toInternalRoute(req, res)) return;
  if (pages.serveKept(req, res)) {
    pageCache.inc({ result: "kept" });
    return;
  }
  pages.compressResponse(req, res);
  handle(req, res).catch((error) => {
    log.error({ requestId, error: error?.message }, "request crashed");
    if (!res.headersSent) res.writeHead(500).end();
  });
});

/**
 * One of the build's static files, from memory (server/static-files.mjs), with what every answer gets:
 * its request id, HSTS over HTTPS, its metrics. Its headers go out in one write, without the hooks the
 * other answers get (a finish listener and a writeHead wrapper per request): together they doubled a
 * static file's cost, most of it in the garbage collector. Nothing here can fail or be refused, so
 * there is no failure to log.
 */
function serveStatic(req, res, file) {
  const started = performance.now();
  const status = statics.send(req, res, file, newRequestId(), isHttps(req, trusted) ? HSTS : null);
  const counted = staticMetrics(req.method ?? "", status);
  counted.requests.inc();
  counted.duration.observe((performance.now() - started) / 1000);
}

/** The metrics' series of the static answers, found once per method and status (not hashed per request). */
const staticSeries = new Map();
function staticMetrics(method, status) {
  const key = `${method} ${status}`;
  let series = staticSeries.get(key);
  if (!series) {
    const labels = { route: "/_next/static", method, status: `${Math.floor(status / 100)}xx` };
    series = { requests: httpRequests.labels(labels), duration: httpDuration.labels(labels) };
    staticSeries.set(key, series);
  }
  return series;
}

/**
 * Every page is handed to Next as its route in the request's language (lib/i18n/routing.mjs): the
 * language's segment first, then, for a cached page, the internal route whose segments carry
 * everything the page depends on (lib/public-rewrites.mjs). A cached page is asked for without its
 * query string, which Next would otherwise parse in several places and write into the cached page as
 * the first visitor's. A client router's request keeps it (Next checks its `_rsc` marker) and is told
 * the path (and for a cached page the search) it was rendered for, as Next tells it after a rewrite of
 * its own: its router keys what it keeps by them. Returns true when the answer is a redirect to the
 * visitor's language, already sent.
 */
function toInternalRoute(req, res) {
  const url = req.url ?? "/";
  const rsc = req.headers.rsc === "1";
  const route = routeRequest(url, {
    cookie: req.headers.cookie,
    acceptLanguage: req.headers["accept-language"],
    userAgent: req.headers["user-agent"],
    method: req.method,
    rsc,
  });
  if ("redirect" in route) {
    res.setHeader("Vary", VARY_LOCALE);
    res.writeHead(307, { Location: route.redirect, "Cache-Control": "public, max-age=3600", "Content-Length": 0 }).end();
    return true;
  }
  if (route.vary) varyByLanguage(res);
  if (route.url === url) return false;
  const mark = url.indexOf("?");
  const target = route.url.split("?")[0];
  if (!rsc) {
    req.url = route.url;
    return false;
  }
  res.setHeader("x-nextjs-rewritten-path", target);
  if (route.cached) res.setHeader("x-nextjs-rewritten-query", "");
  req.url = mark < 0 ? target : target + url.slice(mark);
  return false;
}

/**
 * An unprefixed public page is English or a redirect depending on the visitor's headers, so its answer
 * says so to caches. Added when the headers go out: Next sets its own Vary, replacing one set earlier.
 */
function varyByLanguage(res) {
  const writeHead = res.writeHead;
  res.writeHead = function (...args) {
    vary(res, VARY_LOCALE);
    return writeHead.apply(this, args);
  };
}

// Keep-alive connections that sit idle longer than the load balancer's are closed by us first.
server.keepAliveTimeout = 65_000;

const stop = drainOnStop(server, { graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000, log, closeApp: async () => app.close?.() });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void stop(signal));

server.listen(env.PORT, () => {
  log.info({ port: env.PORT, trustedProxies: env.TRUSTED_PROXIES || "none", sharedCache: Boolean(env.REDIS_URL) }, "server started");
});
