// npm start: serve the production build on PORT (default 3000) with Next in this process, so that a
// stopping server can drain and then close the database itself (README, "Running in production").
//
// - Client address: decided here from the connection and TRUSTED_PROXIES, and handed to the app as
//   the only X-Forwarded-For entry (whatever the client sent is replaced), with a fresh X-Request-Id.
// - SIGTERM/SIGINT: stop accepting connections, let requests in flight finish (SHUTDOWN_GRACE_SECONDS),
//   then close what the app registered (the database, Redis) and exit 0.
// - One JSON line for each failed or refused request the route wrapper did not log itself.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import { compressResponse } from "./compress.mjs";
import { isHttps, parseTrustedProxies, resolveClientAddress } from "./forwarded.mjs";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.AUTH_TRUST_HOST ??= "true";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const level = LEVELS[(process.env.LOG_LEVEL ?? "info").trim().toLowerCase()] ?? LEVELS.info;
function log(lvl, msg, fields = {}) {
  if (LEVELS[lvl] < level) return;
  // As lib/log.ts: JSON, with DEL, C1 controls, line separators and bidi overrides escaped too.
  const json = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
  const line = `${json.replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
  (lvl === "error" ? process.stderr : process.stdout).write(line);
}

const port = Number(process.env.PORT || 3000);
const grace = (process.env.SHUTDOWN_GRACE_SECONDS ?? "").trim() || "25";
const graceMs = Number(grace) * 1000;
let trusted;
try {
  if (!/^\d+$/.test(grace)) throw new Error("SHUTDOWN_GRACE_SECONDS must be a whole number of seconds");
  trusted = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

const { default: next } = await import("next");
const app = next({ dev: false, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();

// Headers that tell the public how Next cached a page: none of its business (they also make the
// cache's behaviour easy to probe). Removed from every response.
const HIDDEN_HEADERS = ["x-nextjs-cache", "x-nextjs-prerender", "x-nextjs-stale-time", "x-nextjs-matched-path"];
const HSTS = "max-age=63072000; includeSubDomains";
// The headers of an answer this server writes itself (a malformed request refused before Next).
const REFUSAL_HEADERS = {
  "Content-Type": "application/json; charset=utf-8",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

// Next's own check of the Next-Router-State-Tree header (size, JSON, shape), which it runs deep in a
// render and answers with a 500: run here first, so a bad header is the client's 400. An internal
// module: if a Next upgrade moves it, fall back to the JSON-array part of the check.
const require = createRequire(import.meta.url);
let validateRouterState;
try {
  ({ parseAndValidateFlightRouterState: validateRouterState } = require("next/dist/server/app-render/parse-and-validate-flight-router-state"));
} catch {
  validateRouterState = (header) => {
    if (Array.isArray(header) || header.length > 40_000 || !Array.isArray(JSON.parse(decodeURIComponent(header)))) throw new Error("invalid");
  };
}

/**
 * Requests Next would answer with a 500 and a stack trace in the log: refused here with a 4xx.
 * - a path with a malformed percent-encoding (`/api/%zz`, `/survey/details/%E0%A4%A`);
 * - TRACE/TRACK/CONNECT (no route handles them; TRACE would echo the request);
 * - an RSC request whose Next-Router-State-Tree is not the JSON array Next expects.
 * @returns {[number, string, string] | null} status, code, message
 */
function malformed(req) {
  const method = req.method ?? "GET";
  if (method === "TRACE" || method === "TRACK" || method === "CONNECT") return [405, "method_not_allowed", "This method is not allowed"];
  const path = (req.url ?? "/").split("?")[0];
  try {
    decodeURIComponent(path);
  } catch {
    return [400, "bad_request", "The address is not valid"];
  }
  const tree = req.headers["next-router-state-tree"];
  if (tree !== undefined) {
    try {
      validateRouterState(tree);
    } catch {
      return [400, "bad_request", "The router state header is not valid"];
    }
  }
  return null;
}

/** Drops HIDDEN_HEADERS however Next sets them, and adds HSTS to answers that went over HTTPS. */
function filterHeaders(res, https) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    for (const name of HIDDEN_HEADERS) res.removeHeader(name);
    const last = rest.at(-1);
    if (last && typeof last === "object" && !Array.isArray(last)) {
      for (const key of Object.keys(last)) if (HIDDEN_HEADERS.includes(key.toLowerCase())) delete last[key];
    } else if (Array.isArray(last)) {
      // [name, value, name, value, ...] or [[name, value], ...]
      const flat = Array.isArray(last[0]) ? last.flat() : last;
      const kept = [];
      for (let i = 0; i < flat.length; i += 2) if (!HIDDEN_HEADERS.includes(String(flat[i]).toLowerCase())) kept.push(flat[i], flat[i + 1]);
      rest[rest.length - 1] = kept;
    }
    // Only over HTTPS: HSTS on plain HTTP is meaningless, and pins a plain-HTTP host that serves no HTTPS.
    if (https) res.setHeader("Strict-Transport-Security", HSTS);
    else res.removeHeader("Strict-Transport-Security");
    return writeHead.call(this, status, ...rest);
  };
}

const LOGGED = Symbol.for("opinex.loggedRequests");
const CLOSERS = Symbol.for("opinex.closers");
let stopping = false;

const server = http.createServer((req, res) => {
  const started = performance.now();
  const requestId = randomUUID();
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
  const https = isHttps(req, trusted);
  req.headers["x-forwarded-for"] = address;
  // The app sees the scheme this server decided, never one a client claimed.
  req.headers["x-forwarded-proto"] = https ? "https" : "http";
  filterHeaders(res, https);
  delete req.headers["x-real-ip"];
  req.headers["x-request-id"] = requestId;
  res.setHeader("X-Request-Id", requestId);
  // While stopping, answer what arrives on open connections but close them afterwards.
  if (stopping) res.setHeader("Connection", "close");
  res.on("finish", () => {
    const logged = globalThis[LOGGED];
    if (logged?.delete(requestId) || res.statusCode < 400) return;
    const path = (req.url ?? "/").split("?")[0];
    log(res.statusCode >= 500 ? "error" : "warn", "request failed", {
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      durationMs: Math.round(performance.now() - started),
      client: address,
    });
  });
  const refusal = malformed(req);
  if (refusal) {
    const [status, code, message] = refusal;
    res.writeHead(status, { ...REFUSAL_HEADERS, ...(status === 405 && { Allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS" }) });
    res.end(JSON.stringify({ error: { code, message, requestId } }));
    req.resume();
    return;
  }
  compressResponse(req, res);
  handle(req, res).catch((error) => {
    log("error", "request crashed", { requestId, error: error?.message });
    if (!res.headersSent) res.writeHead(500).end();
  });
});
// Keep-alive connections that sit idle longer than the load balancer's are closed by us first.
server.keepAliveTimeout = 65_000;

// Connections and their requests, so that a stopping server closes a connection only between
// requests: one that served its requests, or one that was opened and never sent any.
const connections = new Map();
let lastConnectionAt = 0;
server.on("connection", (socket) => {
  lastConnectionAt = Date.now();
  connections.set(socket, { active: 0, served: 0, since: lastConnectionAt });
  socket.on("close", () => connections.delete(socket));
});
server.on("request", (req, res) => {
  const state = connections.get(req.socket);
  if (!state) return;
  state.active++;
  res.on("close", () => {
    state.active--;
    state.served++;
  });
});
function closeIdle() {
  for (const [socket, state] of connections) {
    if (state.active === 0 && (state.served > 0 || Date.now() - state.since > 2000)) socket.destroy();
  }
}

server.listen(port, () => {
  log("info", "server started", { port, trustedProxies: process.env.TRUSTED_PROXIES || "none", sharedCache: Boolean(process.env.REDIS_URL) });
});

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  globalThis[Symbol.for("opinex.stopping")] = true;
  log("info", "stopping: finishing requests in flight", { signal, graceSeconds: graceMs / 1000 });
  // Closing the listener resets connections still waiting in the kernel's accept queue (a busy server
  // accepts late). Keep accepting, each answered with Connection: close, until none has arrived for
  // a moment; meanwhile /api/health/ready says 503 so the load balancer sends no more.
  const stopAcceptingBy = Date.now() + Math.min(graceMs, 10_000);
  // After each pause, setImmediate lets one poll phase run first: a loop that was busy rendering
  // accepts its queued connections there, before the check (a timer alone would run before it).
  do {
    await new Promise((r) => setTimeout(r, 250));
    await new Promise((r) => setImmediate(r));
  } while (Date.now() - lastConnectionAt < 500 && Date.now() < stopAcceptingBy);
  // net.Server's close, not http.Server's: the latter also destroys every connection it thinks idle,
  // including one whose request is still unread in the socket buffer on a busy server (its client
  // then sees ECONNRESET). closeIdle below decides which connections are really between requests.
  const drained = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
  closeIdle();
  const idle = setInterval(closeIdle, 50);
  const timedOut = await Promise.race([drained.then(() => false), new Promise((r) => setTimeout(r, graceMs, true))]);
  clearInterval(idle);
  if (timedOut) {
    log("warn", "grace period over: closing the remaining connections");
    server.closeAllConnections();
  }
  let code = 0;
  for (const [name, close] of globalThis[CLOSERS] ?? []) {
    try {
      await close();
    } catch (error) {
      code = 1;
      log("error", `closing ${name} failed`, { error: error?.message });
    }
  }
  await app.close?.().catch(() => {});
  log("info", "stopped", { signal });
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void shutdown(signal));
