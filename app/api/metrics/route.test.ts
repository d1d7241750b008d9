import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it, vi } from "vitest";
import { metrics } from "@/lib/metrics.mjs";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { PUT as vote } from "../vote/[id]/route";
import { GET } from "./route";

const TOKEN = "metrics-token-for-the-tests-0123456789";
process.env.METRICS_TOKEN = TOKEN;
afterAll(() => {
  delete process.env.METRICS_TOKEN;
});

async function scrape(token = TOKEN) {
  return call(GET, { path: "/api/metrics", headers: { authorization: `Bearer ${token}` } });
}

/** The value of one sample line, `name{labels} value`, or 0 when it is not there yet. */
function sample(text: string, series: string) {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /api/metrics", () => {
  it("answers Prometheus text with process, database pool, vote and sign-in series to the token holder, uncached", async () => {
    const res = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = String(res.json);
    for (const name of ["process_cpu_seconds_total", "nodejs_heap_size_used_bytes", "opinex_db_pool_connections", "opinex_votes_total", "opinex_sign_ins_total", "opinex_http_requests_total", "opinex_page_cache_total"]) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it("names series as Node.js dashboards and promtool expect: prom-client's standard defaults unprefixed, opinex_ for the product", async () => {
    const text = String((await scrape()).json);
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => ({ name, type }));
    expect(types.length).toBeGreaterThan(20);
    for (const { name, type } of types) {
      expect(name, name).toMatch(/^(opinex_|process_|nodejs_)/);
      if (!name.startsWith("opinex_")) continue;
      // promtool check metrics: counters end in _total, nothing else does. (prom-client's own
      // nodejs_active_*_total gauges keep their standard names: the dashboards read them so.)
      if (type === "counter") expect(name, name).toMatch(/_total$/);
      else expect(name, `${type} ${name}`).not.toMatch(/_total$/);
    }
    expect(types.map((t) => t.name)).toEqual(expect.arrayContaining(["process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "process_cpu_seconds_total"]));
    expect(text).not.toMatch(/^# TYPE opinex_(process|nodejs)_/m);
  });

  it("refuses a missing, wrong or differently sized token with 401 and shows nothing", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Bearer wrong-token-of-the-same-length-012345" }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }]) {
      const res = await call(GET, { path: "/api/metrics", headers });
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.json)).not.toContain("opinex_");
    }
  });

  it("moves the accepted-votes counter by one for a vote, and the refused one for a repeat", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const voter = await createUser();
    const before = String((await scrape()).json);
    expect((await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "yes" } })).status).toBe(200);
    expect((await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "no" } })).status).toBe(409);
    const after = String((await scrape()).json);
    const accepted = 'opinex_votes_total{outcome="accepted"}';
    const refused = 'opinex_votes_total{outcome="refused"}';
    expect(sample(after, accepted) - sample(before, accepted)).toBe(1);
    expect(sample(after, refused) - sample(before, refused)).toBe(1);
    // The pool that served those votes is reported.
    expect(sample(after, 'opinex_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it("reports the V8 heap of the worker threads it is given (the embedded database's), summed", async () => {
    const worker = new Worker("setInterval(() => {}, 1000)", { eval: true });
    await new Promise((resolve) => worker.once("online", resolve));
    const { threads } = metrics();
    threads.add(worker);
    try {
      const text = String((await scrape()).json);
      expect(sample(text, 'opinex_worker_heap_bytes{kind="used"}')).toBeGreaterThan(1e5);
      expect(sample(text, 'opinex_worker_heap_bytes{kind="total"}')).toBeGreaterThanOrEqual(sample(text, 'opinex_worker_heap_bytes{kind="used"}'));
    } finally {
      threads.delete(worker);
      await worker.terminate();
    }
  });

  it("does not exist (404) when METRICS_TOKEN is not configured", async () => {
    vi.resetModules();
    delete process.env.METRICS_TOKEN;
    const { GET: unconfigured } = await import("./route");
    const res = await call(unconfigured, { path: "/api/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });
});
