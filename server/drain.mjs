// Stopping without dropping a request: on SIGTERM/SIGINT the server keeps answering what has arrived,
// closes each connection only between requests, then closes what the app opened and exits 0.
import net from "node:net";
import { runtime } from "../lib/runtime.mjs";

/**
 * Tracks the server's connections and returns its stop(signal).
 * @param {import("node:http").Server} server
 * @param {{ graceMs: number, log: import("pino").Logger, closeApp: () => Promise<void> }} options
 */
export function drainOnStop(server, { graceMs, log, closeApp }) {
  // Connections and their requests, so that a stopping server closes a connection only between
  // requests: one that served its requests, or one that was opened and never sent any.
  const connections = new Map();
  let lastConnectionAt = 0;
  server.on("connection", (socket) => {
    lastConnectionAt = Date.now();
    connections.set(socket, { active: 0, served: 0, since: lastConnectionAt });
    socket.on("close", () => connections.delete(socket));
  });
  // Before the server's own handler, which may answer at once (a static file, a kept page): the
  // header must be set before the answer's headers go out.
  server.prependListener("request", (req, res) => {
    // While stopping, answer what arrives on open connections but close them afterwards.
    if (runtime().stopping) res.setHeader("Connection", "close");
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

  return async function stop(signal) {
    if (runtime().stopping) return;
    runtime().stopping = true;
    log.info({ signal, graceSeconds: graceMs / 1000 }, "stopping: finishing requests in flight");
    // Answers that never finish by themselves (event streams) are ended now: they would otherwise
    // hold their connections, and this stop, for the whole grace period.
    for (const [name, end] of runtime().stoppers) {
      try {
        end();
      } catch (error) {
        log.error({ error: error?.message }, `ending ${name} failed`);
      }
    }
    // Closing the listener resets connections still waiting in the kernel's accept queue (a busy
    // server accepts late). Keep accepting, each answered with Connection: close, until none has
    // arrived for a moment; meanwhile /api/health/ready says 503 so the load balancer sends no more.
    const stopAcceptingBy = Date.now() + Math.min(graceMs, 10_000);
    // After each pause, setImmediate lets one poll phase run first: a loop that was busy rendering
    // accepts its queued connections there, before the check (a timer alone would run before it).
    do {
      await new Promise((r) => setTimeout(r, 250));
      await new Promise((r) => setImmediate(r));
    } while (Date.now() - lastConnectionAt < 500 && Date.now() < stopAcceptingBy);
    // net.Server's close, not http.Server's: the latter also destroys every connection it thinks
    // idle, including one whose request is still unread in the socket buffer on a busy server (its
    // client then sees ECONNRESET). closeIdle decides which connections are really between requests.
    const drained = new Promise((resolve) => net.Server.prototype.close.call(server, resolve));
    closeIdle();
    const idle = setInterval(closeIdle, 50);
    const timedOut = await Promise.race([drained.then(() => false), new Promise((r) => setTimeout(r, graceMs, true))]);
    clearInterval(idle);
    if (timedOut) {
      log.warn("grace period over: closing the remaining connections");
      server.closeAllConnections();
    }
    let code = 0;
    // Last opened, first closed: the scheduled jobs stop before the database they write to.
    for (const [name, close] of [...runtime().closers].reverse()) {
      try {
        await close();
      } catch (error) {
        code = 1;
        log.error({ error: error?.message }, `closing ${name} failed`);
      }
    }
    await closeApp().catch(() => {});
    log.info({ signal }, "stopped");
    process.exit(code);
  };
}
