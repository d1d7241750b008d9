// From demo size to a million votes: every page timed on the demo data and on the large dataset
// (`npm run db:seed -- --scale`: 200,000 accounts, 100,000 surveys, 1,000,000 votes), on a PostgreSQL
// server and on the embedded database, side by side, with the database's plan of every query each page
// sends (bench/scale-plans.ts) and the server's peak memory. On the production build (`npx next build`).
//
//   npm run bench -- --scale      the whole bench, then this section
//   node bench/scale.mjs          this section only
//
// BENCH_SCALE_BACKENDS  server,embedded (default both)
// BENCH_SCALE_RUNS      requests per measurement, median taken (default 15)
// BENCH_DATABASE_URL    the PostgreSQL server's maintenance database (throwaway databases are made there)
// BENCH_SCALE_LARGE_URL / BENCH_SCALE_LARGE_DIR   an already seeded large database (server / embedded
//                       folder) to measure instead of seeding one (seeding takes about 2 and 4 minutes)
// BENCH_SCALE_NODE_FLAGS  Node/V8 flags for the servers instead of `npm start`'s (server/node-flags.mjs)
// BENCH_PORT            + 20 and + 21 are the two servers' ports (demo size and large, run side by side)
//
// Public pages are cached: "hit" is a cached answer; "miss" renders afresh, each request following an
// edit of the survey shown (PUT /api/updateDocument, which expires the survey lists' and the survey's
// tags at once, `surveyChanged`). Dashboards render per request. Each figure is the median of
// BENCH_SCALE_RUNS sequential requests after a warm-up.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { client, facts, measurePair, RUNS } from "./scale-pages.mjs";
import { SERVER_NODE_FLAGS } from "../server/node-flags.mjs";
import { kibToMB } from "./lib/units.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const METRICS_TOKEN = randomBytes(16).toString("hex");

/** The server's memory now, from its Prometheus metrics (MB): resident, V8 heap used / total, external. */
async function memoryOf(base) {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(text.match(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)`, "m"))?.[1]) / 1e6;
  const spaces = Object.fromEntries(
    [...text.matchAll(/^nodejs_heap_space_size_used_bytes\{space="(\w+)"\} (\S+)/gm)].map((m) => [m[1], Number(m[2]) / 1e6]),
  );
  return {
    spaces,
    rss: value("process_resident_memory_bytes"),
    heapUsed: value("nodejs_heap_size_used_bytes"),
    heapTotal: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
  };
}
const TARGET = 1.5;

/** VmHWM (peak resident set) of a process, MB: the server and its PGlite thread are one process. */
function peakRss(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
  return line ? kibToMB(Number(line[1])) : NaN;
}

/** Starts `server/index.mjs` on `env` and `port`; resolves once it is ready. */
async function startServer(env, port) {
  const base = `http://localhost:${port}`;
  const flags = process.env.BENCH_SCALE_NODE_FLAGS === undefined ? SERVER_NODE_FLAGS : process.env.BENCH_SCALE_NODE_FLAGS.split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...flags, "server/index.mjs"], { env: { ...env, PORT: String(port), AUTH_URL: base }, stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 2400 || child.exitCode !== null) throw new Error("the server did not start");
    await sleep(250);
  }
  return {
    base,
    child,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      if (child.exitCode === null) child.kill("SIGTERM");
      await Promise.race([exited, sleep(30_000)]);
    },
  };
}

function seed(env, scale, log) {
  const started = performance.now();
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts", ...(scale ? ["--scale"] : [])], { env, stdio: "ignore" });
  const seconds = (performance.now() - started) / 1000;
  log(`  seeded${scale ? " (large)" : ""} in ${seconds.toFixed(0)} s`);
  return seconds;
}

function plans(env) {
  const out = execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "bench/scale-plans.ts"], {
    env: { ...env, BENCH_SCALE_USER_SEARCH: env.BENCH_SCALE_USER_SEARCH },
    maxBuffer: 256 * 1024 * 1024,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return JSON.parse(out.toString());
}

/** One backend: demo size, then large; returns { demo, large, plansDemo, plansLarge, seedSeconds }. */
async function backend(name, { port, log }) {
  const authSecret = randomBytes(32).toString("base64url");
  const common = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: authSecret,
    LOG_LEVEL: "error",
    REDIS_URL: "",
    // The memory breakdown at the end is read from the process's own metrics.
    METRICS_TOKEN: METRICS_TOKEN,
    // The benched admin has no second factor (production's default on a server database would ask one).
    REQUIRE_ADMIN_SECOND_FACTOR: "false",
  };
  const made = [];
  let admin = null;
  const open = async (which) => {
    if (name === "server") {
      const reuse = which === "large" && process.env.BENCH_SCALE_LARGE_URL;
      let url = reuse;
      if (!url) {
        const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://opinex_ci:opinex_ci@localhost:5432/postgres";
        if (!admin) {
          admin = new pg.Client({ connectionString: adminUrl });
          await admin.connect();
        }
        const db = `opinex_scale_${which}_${randomBytes(3).toString("hex")}`;
        await admin.query(`create database ${db}`);
        made.push(async () => admin.query(`drop database if exists ${db} with (force)`));
        const u = new URL(adminUrl);
        u.pathname = `/${db}`;
        url = u.toString();
      }
      const env = { ...common, DATABASE_URL: url, DATA_DIR: "" };
      const query = async (text) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          return (await c.query(text)).rows;
        } finally {
          await c.end();
        }
      };
      return { env, query };
    }
    const reuse = which === "large" && process.env.BENCH_SCALE_LARGE_DIR;
    const dir = reuse || fs.mkdtempSync(path.join(os.tmpdir(), `opinex-scale-${which}-`));
    if (!reuse) made.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    const env = { ...common, DATABASE_URL: "", DATA_DIR: dir };
    const query = async (text) => {
      const db = new PGlite(path.join(dir, "pgdata"));
      try {
        return (await db.query(text)).rows;
      } finally {
        await db.close();
      }
    };
    return { env, query };
  };
  const servers = [];
  try {
    const result = {};
    const opened = {};
    for (const which of ["demo", "large"]) {
      log(`${name}, ${which} size: seeding...`);
      opened[which] = await open(which);
      result[`seed_${which}`] = seed(opened[which].env, which === "large", log);
      result[`facts_${which}`] = await facts(opened[which].query);
    }
    log(`${name}: both servers, side by side...`);
    const demo = await startServer(opened.demo.env, port);
    servers.push(demo);
    const large = await startServer(opened.large.env, port + 1);
    servers.push(large);
    const pages = await measurePair({
      demo: client(demo, opened.demo.env, result.facts_demo),
      large: client(large, opened.large.env, result.facts_large),
      log,
    });
    result.demo = { pages: pages.demo, rss: peakRss(demo.child.pid), memory: await memoryOf(demo.base).catch(() => null) };
    result.large = { pages: pages.large, rss: peakRss(large.child.pid), memory: await memoryOf(large.base).catch(() => null) };
    for (const s of servers.splice(0)) await s.stop();
    for (const which of ["demo", "large"]) {
      result[`plans_${which}`] = plans({ ...opened[which].env, BENCH_SCALE_USER_SEARCH: result[`facts_${which}`].search });
    }
    return result;
  } finally {
    for (const s of servers) await s.stop();
    for (const clean of made.reverse()) await clean().catch(() => {});
    await admin?.end().catch(() => {});
  }
}

/**
 * The whole section: figures and plans of each backend, one table. `row(section, name, value, target,
 * verdict)` adds the summary rows to bench/index.mjs's table; the detailed table is printed here.
 */
export async function benchScale({ row, fmt, ok, port, log }) {
  const backends = (process.env.BENCH_SCALE_BACKENDS ?? "server,embedded").split(",").map((s) => s.trim()).filter(Boolean);
  const results = {};
  for (const name of backends) results[name] = await backend(name, { port, log });

  const labels = Object.keys(results[backends[0]].demo.pages);
  const header = ["page", ...backends.flatMap((b) => [`${b} demo ms`, `${b} large ms`, "ratio"]), `<= ${TARGET} x`];
  const lines = [header];
  const misses = [];
  for (const label of labels) {
    const cells = [label];
    let pass = true;
    const targeted = !label.startsWith("CSV");
    for (const b of backends) {
      const d = results[b].demo.pages[label];
      const l = results[b].large.pages[label];
      const ratio = l.ms / d.ms;
      // Under 5 ms either way is within the noise of a shared machine: the ratio is shown, not judged.
      if (targeted && ratio > TARGET && l.ms - d.ms > 5) pass = false;
      const bad = (r) => (r.status >= 300 ? ` (${r.status})` : "");
      cells.push(`${fmt(d.ms, 1)}${bad(d)}`, `${fmt(l.ms, 1)}${bad(l)}`, fmt(ratio, 2));
    }
    cells.push(targeted ? ok(pass) : "rows/s");
    if (targeted && !pass) misses.push(label);
    lines.push(cells);
  }
  const widths = header.map((_, i) => Math.max(...lines.map((l) => String(l[i]).length)));
  const print = (l) => `| ${l.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(`\nFrom demo size to a million votes (median of ${RUNS} requests each, ms)\n`);
  console.log(print(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const l of lines.slice(1)) console.log(print(l));

  for (const b of backends) {
    const r = results[b];
    const csv = r.large.pages[labels.find((l) => l.startsWith("CSV"))];
    row("10 scale", `${b}: CSV export of ${r.facts_large.big.votes} voters`, `${fmt(csv.ms)} ms, ${fmt(csv.bytes / 1e6, 1)} MB, ${fmt(Number(r.facts_large.big.votes) / (csv.ms / 1000))} rows/s`);
    row("10 scale", `${b}: server peak RSS (demo / large)`, `${fmt(r.demo.rss)} MB / ${fmt(r.large.rss)} MB`, b === "embedded" ? "< 400 MB" : "", b === "embedded" ? ok(Math.max(r.demo.rss, r.large.rss) < 400) : "");
    for (const size of ["demo", "large"]) {
      const m = r[size].memory;
      if (m) {
        row(
          "10 scale",
          `${b}: memory at the end, ${size} size`,
          `resident ${fmt(m.rss)} MB: V8 heap ${fmt(m.heapUsed)} used of ${fmt(m.heapTotal)} MB (${Object.entries(m.spaces)
            .filter(([, mb]) => mb >= 1)
            .map(([space, mb]) => `${space} ${fmt(mb)}`)
            .join(", ")}), external ${fmt(m.external)} MB, the rest ${fmt(m.rss - m.heapTotal - m.external)} MB (native: code, the embedded database's thread and memory)`,
        );
      }
    }
    row("10 scale", `${b}: seeding (demo / large)`, `${fmt(r.seed_demo)} s / ${fmt(r.seed_large)} s`);
  }
  // The filter and the search against the unfiltered list, at scale, in the same run.
  const filteredLabels = labels.filter((l) => /^\/surveys\?(status|q)=/.test(l));
  for (const b of backends) {
    const large = results[b].large.pages;
    for (const label of filteredLabels) {
      const kind = label.endsWith("[hit]") ? "[hit]" : "[miss]";
      const base = large[`/surveys ${kind}`];
      const ratio = large[label].ms / base.ms;
      // As above: under 5 ms apart is within the noise of a shared machine.
      row("10 scale", `${b}: ${label} vs /surveys ${kind}, at scale`, `${fmt(large[label].ms, 1)} vs ${fmt(base.ms, 1)} ms (${fmt(ratio, 2)} x)`, `<= ${TARGET} x`, ok(ratio <= TARGET || large[label].ms - base.ms <= 5));
    }
  }
  row("10 scale", "pages within 1.5 x of demo size", `${labels.length - 1 - misses.length} of ${labels.length - 1}${misses.length ? `; over: ${misses.join(", ")}` : ""}`, `<= ${TARGET} x`, ok(misses.length === 0));

  // The database side: each page's queries at both sizes, and their plans at scale.
  console.log("\nThe pages' queries (bench/scale-plans.ts): median ms of the queries each page sends, demo -> large; the most rows any plan node produced at scale; sequential scans and sorts of big tables\n");
  for (const b of backends) {
    const demo = results[b].plans_demo.pages;
    const large = results[b].plans_large.pages;
    for (const [page, l] of Object.entries(large)) {
      const d = demo[page];
      const seq = [...new Set(l.queries.flatMap((q) => q.seqScans))];
      const sorts = l.queries.flatMap((q) => q.sorts).filter((n) => n > 1000);
      const maxRows = Math.max(0, ...l.queries.map((q) => q.maxRows));
      console.log(
        `${b.padEnd(8)} ${page.padEnd(44)} ${fmt(d?.ms, 1).padStart(6)} -> ${fmt(l.ms, 1).padStart(6)} ms  max rows ${String(maxRows).padStart(6)}${seq.length ? `  SEQ SCAN ${seq.join(",")}` : ""}${sorts.length ? `  SORT ${sorts.join(",")}` : ""}`,
      );
    }
  }
  const planFile = path.join(os.tmpdir(), `opinex-scale-plans-${Date.now()}.txt`);
  const text = [];
  for (const b of backends) {
    for (const [page, l] of Object.entries(results[b].plans_large.pages)) {
      for (const q of l.queries) text.push(`### ${b} at scale: ${page}\n${q.sql}\n${q.plan}\n`);
    }
  }
  fs.writeFileSync(planFile, text.join("\n"));
  const jsonFile = planFile.replace(/\.txt$/, ".json");
  fs.writeFileSync(jsonFile, JSON.stringify(results));
  console.log(`\nEvery plan at scale (EXPLAIN ANALYZE): ${planFile}; every figure: ${jsonFile}`);
  if (process.env.BENCH_SCALE_PRINT_PLANS) console.log(text.join("\n"));
  return results;
}

// `node bench/scale.mjs`: only this section.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("No production build found: run `npx next build` first.");
    process.exit(1);
  }
  const rows = [];
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  await benchScale({
    row: (...cells) => rows.push(cells),
    fmt,
    ok: (pass) => (pass ? "met" : "MISSED"),
    port: Number(process.env.BENCH_PORT ?? 5510) + 20,
    log: (...args) => console.error("·", ...args),
  });
  console.log("");
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
}
