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
import net from "node:net";
import { parseTrustedProxies, resolveClientAddress } from "./forwarded.mjs";

process.env.NODE_ENV = "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.AUTH_TRUST_HOST ??= "true";

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const level = LEVELS[(process.env.LOG_LEVEL ?? "info").trim().toLowerCase()] ?? LEVELS.info;
function log(lvl, msg, fields = {}) {
  if (LEVELS[lvl] < level) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields })}\n`;
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

const LOGGED = Symbol.for("opinex.loggedRequests");
const CLOSERS = Symbol.for("opinex.closers");
let stopping = false;

const server = http.createServer((req, res) => {
  const started = performance.now();
  const requestId = randomUUID();
  const address = resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted);
  req.headers["x-forwarded-for"] = address;
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
