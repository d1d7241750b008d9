// Prometheus metrics (prom-client): one registry per process, shared by the production server
// (server/, which counts every request) and the app (votes, sign-ins) through the process-wide
// runtime seam, so the two bundles Next makes count into the same place. Served by GET /api/metrics.
// Labels are bounded sets: a route's pattern (never a raw URL), a method, a status class, an outcome.
import client from "prom-client";
import { runtime } from "./runtime.mjs";

/** @returns {import("./metrics.d.mts").Metrics} */
export function metrics() {
  const services = /** @type {{ metrics?: import("./metrics.d.mts").Metrics }} */ (runtime().services);
  return (services.metrics ??= createMetrics());
}

function createMetrics() {
  const registry = new client.Registry();
  // The standard names (`process_*`, `nodejs_*`), unprefixed, as community Node.js dashboards expect
  // them; a prefix made gauges such as `opinex_process_cpu_seconds_total` end in `_total`, which
  // `promtool check metrics` flags. The product's own metrics below are `opinex_*`.
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const pools = new Set();
  const threads = new Set();
  /** A counter with one label, the kind every product event here is. */
  const counter = (name, help, label) => new client.Counter({ name, help, labelNames: [label], registers });
  return {
    registry,
    /** Database connection pools to report (the pg pool of a PostgreSQL server or of the embedded database). */
    pools,
    /** Worker threads whose V8 heap to report (the embedded database's). */
    threads,
    httpRequests: new client.Counter({
      name: "opinex_http_requests_total",
      help: "Requests answered, by route pattern, method and status class.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new client.Histogram({
      name: "opinex_http_request_duration_seconds",
      help: "Time to answer a request, by route pattern, method and status class.",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    pageCache: counter("opinex_page_cache_total", "Public pages answered from Next's cache (hit, stale), rendered for the cache (miss), or answered again by the server from a hit it kept (kept).", "result"),
    votes: counter("opinex_votes_total", "Votes accepted, and refused (a repeat, a closed or unpublished survey).", "outcome"),
    signIns: counter("opinex_sign_ins_total", "Email-and-password and passkey sign-ins that succeeded, failed (wrong email or password, a passkey that did not verify) or were throttled.", "outcome"),
    mail: counter("opinex_mail_total", "Mail delivery attempts: sent, failed and retried later (retry), or given up (failed).", "outcome"),
    webhooks: counter(
      "opinex_webhook_deliveries_total",
      "Webhook delivery attempts: delivered, failed and retried later (retry), or given up (failed).",
      "outcome",
    ),
    liveViewers: new client.Gauge({
      name: "opinex_live_viewers",
      help: "Open live results streams (GET /api/survey/{id}/live) on this server.",
      registers,
    }),
    liveRefused: counter(
      "opinex_live_refused_total",
      "Live results streams refused: too many from one client address (client_limit), on this server (server_limit), or the server is stopping (stopping).",
      "reason",
    ),
    liveReads: new client.Counter({
      name: "opinex_live_results_reads_total",
      help: "Database reads of a survey's live figures (shared by the results call and the live streams; at most about one per survey per second).",
      registers,
    }),
    mailPending: new client.Gauge({
      name: "opinex_mail_outbox_pending",
      help: "Mail in the outbox not yet sent nor given up (as last seen by this server's mail delivery job).",
      registers,
    }),
    jobRuns: new client.Counter({
      name: "opinex_job_runs_total",
      help: "Runs of this server's scheduled jobs (lib/jobs/registry.ts), by job and outcome (ok, failed).",
      labelNames: ["job", "outcome"],
      registers,
    }),
    jobDuration: new client.Histogram({
      name: "opinex_job_duration_seconds",
      help: "Time one run of a scheduled job took, by job.",
      labelNames: ["job"],
      buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
      registers,
    }),
    dbPool: new client.Gauge({
      name: "opinex_db_pool_connections",
      help: "Database pool: open connections (total), idle ones, and requests waiting for one (waiting).",
      labelNames: ["state"],
      registers,
      collect() {
        let total = 0;
        let idle = 0;
        let waiting = 0;
        for (const pool of pools) {
          total += pool.totalCount;
          idle += pool.idleCount;
          waiting += pool.waitingCount;
        }
        this.set({ state: "total" }, total);
        this.set({ state: "idle" }, idle);
        this.set({ state: "waiting" }, waiting);
      },
    }),
    // The default metrics cover the main thread's heap only; the embedded database's worker has its own.
    workerHeap: new client.Gauge({
      name: "opinex_worker_heap_bytes",
      help: "V8 heap of this server's worker threads (the embedded database's): used and committed (total) bytes.",
      labelNames: ["kind"],
      registers,
      async collect() {
        let used = 0;
        let total = 0;
        for (const thread of threads) {
          // Worker#getHeapStatistics (Node.js 22.16 and later) is missing from the installed types.
          const worker = /** @type {any} */ (thread);
          if (typeof worker.getHeapStatistics !== "function") continue;
          const heap = await worker.getHeapStatistics().catch(() => null);
          used += heap?.used_heap_size ?? 0;
          total += heap?.total_heap_size ?? 0;
        }
        this.set({ kind: "used" }, used);
        this.set({ kind: "total" }, total);
      },
    }),
  };
}
