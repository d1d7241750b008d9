// npm run bench: the product's speed figures in one table, on the production build (`npx next build` first).
//
// It creates a throwaway PostgreSQL database (BENCH_DATABASE_URL names the server's maintenance
// database, default postgres://opinex_ci:opinex_ci@localhost:5432/postgres; database reads are counted
// from PostgreSQL's statistics), seeds the demo data, and serves the build with `server/index.mjs`
// on BENCH_PORT (5510). The load generator (autocannon) runs on the same machine.
//   BENCH_SECONDS (8) per measurement, BENCH_CONNECTIONS (50)
// Rows: requests/s of each public page and a static asset, each cached page against a bare Node server sending the same bytes, and
// in Spanish and German beside English (bench/cached-pages.mjs); the same during 50 votes a
// second on one survey, and how long a vote takes to show; database reads per second for 1,000 live
// results viewers polling, then 1,000 viewers of the live stream while 20 votes a second land
// (bench/live.mjs: delay to each viewer, reads, memory, a static asset meanwhile); each public page's
// HTML size and first-load JavaScript beside a bare app of the same versions (bench/weight.mjs, alone:
// `node bench/weight.mjs`, on the demo data); latency with 100 and 100,000 published surveys;
// the server's peak memory; on the embedded database, a static asset during a
// storm of wrong-password sign-ins and votes per second (bench/embedded.mjs, BENCH_BASELINE_DIR); the
// integrity panel of a survey with 100,000 votes on the embedded database and on PostgreSQL
// (bench/integrity.mjs; alone: `node bench/integrity.mjs`); the time to solve the proof-of-work of
// registration, contact and forgot-password, in Node and in Chromium (bench/altcha.mjs); from a shared
// survey link to a counted vote in Chromium, the actions and time of a new person, a passkey holder and a
// password holder, beside the flow before (bench/journeys.mjs, BENCH_BASELINE_DIR; alone: `node bench/journeys.mjs`);
// webhook deliveries per second from one server, and `vote.created` deliveries under 100 votes a second on one
// survey (bench/webhooks.mjs; alone: `node bench/webhooks.mjs`); a static JavaScript chunk against a bare
// Node server sending the same bytes, and the bytes brotli saves on `/` (bench/compression.mjs); public pages from
// one of two servers sharing their cache through Redis beside one server without, and an unpublish seen
// across them (bench/shared-cache.mjs, with redis-server); votes per second on one viral survey against the same
// votes spread over 100 surveys, two servers, and the counts after (bench/viral.mjs).
// `npm run bench -- --scale` adds section 10 (bench/scale.mjs, about 15 minutes more): every page at demo
// size and with a million votes, on both databases, with each page's query plans and peak memory.
// BENCH_SECTIONS=1,6b (comma list: 1 2 3 3b 4 5 6 6b 7 8 9 11 12 13 14 15) runs only those sections, for one figure
// without the whole run; BENCH_NODE_FLAGS="--flag ..." starts the server with those Node/V8 flags instead of
// the ones `npm start` uses (server/node-flags.mjs).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import { benchAltcha, benchAltchaBrowser } from "./altcha.mjs";
import { benchCachedPages } from "./cached-pages.mjs";
import { benchCompression } from "./compression.mjs";
import { benchSharedCache } from "./shared-cache.mjs";
import { benchViral } from "./viral.mjs";
import { benchEmbedded } from "./embedded.mjs";
import { benchIntegrity } from "./integrity.mjs";
import { benchJourneys } from "./journeys.mjs";
import { benchScale } from "./scale.mjs";
import { benchLive } from "./live.mjs";
import { benchWeight, floorFirstLoadJs } from "./weight.mjs";
import { benchMemory } from "./memory.mjs";
import { benchVoteStream } from "./vote-stream.mjs";
import { benchWebhooks } from "./webhooks.mjs";
import { stop, waitFor } from "./lib/processes.mjs";
import { SERVER_NODE_FLAGS } from "../server/node-flags.mjs";
import { kibToMB } from "./lib/units.mjs";

const port = Number(process.env.BENCH_PORT ?? 5510);
const floorPort = port + 1;
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://opinex_ci:opinex_ci@localhost:5432/postgres";
const base = `http://localhost:${port}`;
const VIEWERS = 1000;
const VIEWER_POLL_SECONDS = 5; // components/survey/use-live-figures.ts POLL_MS
const sections = process.env.BENCH_SECTIONS?.split(",").map((s) => s.trim());
const runs = (section) => !sections || sections.includes(section);
// The server runs with the flags `npm start` gives it, unless BENCH_NODE_FLAGS says otherwise.
const nodeFlags = process.env.BENCH_NODE_FLAGS === undefined ? SERVER_NODE_FLAGS : process.env.BENCH_NODE_FLAGS.split(" ").filter(Boolean);

if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("No production build found: run `npx next build` first.");
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...args) => console.error("·", ...args);

// ---- database -------------------------------------------------------------------------------
const dbName = `opinex_bench_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const db = new pg.Client({ connectionString: dbUrl.toString() });

const authSecret = randomBytes(32).toString("base64url");
const metricsToken = randomBytes(24).toString("hex");
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: dbUrl.toString(),
  AUTH_SECRET: authSecret,
  AUTH_URL: base,
  PORT: String(port),
  LOG_LEVEL: "error",
  REDIS_URL: "",
  // Section 3b reads the server's counters, and opens 1,000 live streams from this one address.
  METRICS_TOKEN: metricsToken,
  LIVE_MAX_STREAMS_PER_CLIENT: "5000",
  // The benched admin has no second factor (production's default on a server database would ask one).
  REQUIRE_ADMIN_SECOND_FACTOR: "false",
};

let server = null;

function startServer() {
  const child = spawn(process.execPath, [...nodeFlags, "server/index.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
  return child;
}

async function cleanUp() {
  await stop(server);
  await db.end().catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  await admin.end().catch(() => {});
}
process.on("SIGINT", () => void cleanUp().then(() => process.exit(130)));

function load(url, { duration = seconds, conns = connections, ...rest } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: conns, duration, ...rest }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}
const failed = (r) => r.errors + r.timeouts + r.non2xx;

/** Peak resident memory (VmHWM) of the server process, MB. */
function peakRss(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+) kB/);
  return line ? kibToMB(Number(line[1])) : NaN;
}

/** Published surveys up to `total`, straight in SQL (100,000 rows in a few seconds). */
async function topUpSurveys(total) {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM surveys WHERE status = 'publish'`);
  const missing = total - rows[0].n;
  if (missing <= 0) return;
  // With the counters' row trigger on, one statement would update the 'surveys' counter row once per
  // survey inserted, each update stepping over every version the earlier ones left (quadratic: 474 s
  // for 99,900 surveys, against 1.3 s before the counters): loaded with it off and counted once.
  await db.query("BEGIN");
  await db.query("ALTER TABLE surveys DISABLE TRIGGER USER");
  await db.query(
    `INSERT INTO surveys (title, description, category, deadline, created_at, question_title, question_description, status, surveyor_id, yes_count, no_count)
     SELECT 'Bench survey ' || g, 'A generated survey for the benchmark, number ' || g || '.',
            (ARRAY['Technology','Education','Health','Entertainment','Other'])[1 + g % 5]::category,
            (current_date + 30 + g % 300), now() - (g || ' minutes')::interval,
            'Question ' || g, 'Yes or no?', 'publish',
            (SELECT id FROM users WHERE role = 'surveyor' ORDER BY email LIMIT 1),
            ((g::bigint * 7919) % 500)::int, ((g::bigint * 104729) % 400)::int
     FROM generate_series(1, $1) AS g`,
    [missing],
  );
  await db.query("ALTER TABLE surveys ENABLE TRIGGER USER");
  await db.query("SELECT recount_row_counts()");
  await db.query("COMMIT");
  await db.query("ANALYZE surveys");
}

/** How many times PostgreSQL read the surveys table (index and sequential scans). */
async function surveyReads() {
  await db.query("SELECT pg_stat_clear_snapshot()");
  const { rows } = await db.query(`SELECT coalesce(idx_scan, 0) + coalesce(seq_scan, 0) AS n FROM pg_stat_user_tables WHERE relname = 'surveys'`);
  return Number(rows[0].n);
}


// Warmed first: the 100,000-survey run starts a fresh server, whose first hundreds of requests run
// before the JIT has optimised them; at 1-3 ms per cached page that alone moved the ratio by 0.5.
async function medianLatency(url, count = 300, warmup = 200) {
  for (let i = 0; i < warmup; i++) await (await fetch(url)).arrayBuffer();
  const times = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await (await fetch(url)).arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function coldThenMedian(url) {
  const t = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  const cold = performance.now() - t;
  return { cold, median: await medianLatency(url), status: response.status };
}

const rows = [];
const row = (section, name, value, target = "", verdict = "") => {
  rows.push({ section, name, value, target, verdict });
  log(`${section} | ${name} | ${value} | ${target} | ${verdict}`);
};
const ok = (pass) => (pass ? "met" : "MISSED");
const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

try {
  // ---- floor app (built while nothing else runs) ----------------------------------------------
  let floorJs = NaN;
  if (runs("4")) {
    log("building the bare app of the same Next and React versions...");
    floorJs = await floorFirstLoadJs(floorPort);
  }

  // ---- seed and start ----------------------------------------------------------------------------
  log(`seeding ${dbName}...`);
  await new Promise((resolve, reject) => {
    const seed = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { env, stdio: "ignore" });
    seed.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seed exited ${code}`))));
  });
  await db.connect();
  await topUpSurveys(100);
  server = startServer();
  await waitFor(`${base}/api/health/ready`);

  const top = (await (await fetch(`${base}/api/all_surveys?limit=1`)).json())[0];
  const surveyUrl = `${base}/survey/details/${top._id}`;
  const html = await (await fetch(surveyUrl)).text();
  const asset = html.match(/\/_next\/static\/[^"'\s]+\.js/)?.[0];
  const ogPath = html.match(/property="og:image" content="[^"]*?(\/survey\/details\/[^"?]+)/)?.[1];
  const pages = [
    ["/about (prerendered)", `${base}/about`],
    ["static asset", `${base}${asset}`],
    ["/", `${base}/`],
    ["/surveys", `${base}/surveys`],
    ["/surveys?category=Health&sort=createdAt&page=2", `${base}/surveys?category=Health&sort=createdAt&page=2`],
    ["survey page", surveyUrl],
    ["/pricing", `${base}/pricing`],
    ["/contact", `${base}/contact`],
    ["/sitemap.xml", `${base}/sitemap.xml`],
    ["survey OG image", ogPath ? `${base}${ogPath}` : null],
  ].filter(([, url]) => url);

  // ---- 1. every public page from the cache (bench/cached-pages.mjs) --------------------------------
  const idle = runs("1") ? await benchCachedPages({ base, pages, load, failed, peakRss, serverPid: server.pid, metricsToken, barePort: port + 7, row, fmt, ok, log }) : {};

  // ---- 13. static files and brotli (bench/compression.mjs) ------------------------------------------------
  if (runs("13")) await benchCompression({ base, asset, load, port: port + 6, row, fmt, ok, log });

  // ---- 14. servers sharing their cache through Redis (bench/shared-cache.mjs) --------------------------
  if (runs("14")) {
    const shared = pages.filter(([name]) => ["/", "/surveys", "/surveys?category=Health&sort=createdAt&page=2", "survey page", "/about (prerendered)"].includes(name));
    await benchSharedCache({ base, env, nodeFlags, port, pages: shared, db, load, row, fmt, ok, log });
  }

  // ---- 15. one viral survey: votes on one survey against votes spread (bench/viral.mjs) ---------------
  if (runs("15")) await benchViral({ base, env, nodeFlags, port, db, row, fmt, ok, log });

  // ---- 2. a stream of votes (bench/vote-stream.mjs) ---------------------------------------------------
  if (runs("2")) await benchVoteStream({ base, db, authSecret, top, surveyUrl, idle, load, failed, seconds, row, fmt, ok, log });

  // ---- 3. live results for 1,000 viewers ------------------------------------------------------------
  if (runs("3")) {
    log("live results viewers...");
    const resultsUrl = `${base}/api/survey/${top._id}/results`;
    await sleep(11_000); // PostgreSQL flushes an idle backend's statistics within 10 s
    const before = await surveyReads();
    const viewerSeconds = Math.max(seconds, 10);
    const rate = VIEWERS / VIEWER_POLL_SECONDS;
    const live = await load(resultsUrl, { duration: viewerSeconds, conns: 100, overallRate: rate });
    await sleep(11_000);
    const reads = (await surveyReads()) - before;
    const readsPerSecond = reads / viewerSeconds;
    row(
      "3 live results",
      `${VIEWERS} viewers polling every ${VIEWER_POLL_SECONDS} s (${fmt(live.requests.average)} req/s)`,
      `${fmt(readsPerSecond, 2)} database reads/s (${reads} in ${viewerSeconds} s), p50 ${live.latency.p50} ms${failed(live) ? `, ${failed(live)} failed` : ""}`,
      "about 1/s",
      ok(readsPerSecond <= 1.5),
    );
  }

  // ---- 3b. live results pushed to 1,000 viewers ---------------------------------------------------------
  if (runs("3b")) {
    await benchLive({ base, db, surveyId: top._id, asset: `${base}${asset}`, serverPid: server.pid, authSecret, metricsToken, seconds, row, fmt, ok, log });
  }

  // ---- 4. HTML sizes and first-load JavaScript (bench/weight.mjs) ------------------------------------
  if (runs("4")) await benchWeight({ base, floorJs, surveyPath: `/survey/details/${top._id}`, row, fmt, ok, log });

  let rssSmall = NaN;
  // ---- 5. 100 vs 100,000 surveys -------------------------------------------------------------------
  if (runs("5")) {
    log("latency with 100 surveys...");
    const flatUrls = [
      ["/surveys", `${base}/surveys`],
      ["/surveys?page=500", `${base}/surveys?page=500`],
      ["GET /api/all_surveys", `${base}/api/all_surveys`],
    ];
    const small = {};
    for (const [name, url] of flatUrls) small[name] = await coldThenMedian(url);
    rssSmall = peakRss(server.pid);
    await stop(server);
    log("100,000 surveys...");
    const seedStart = performance.now();
    await topUpSurveys(100_000);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    server = startServer();
    await waitFor(`${base}/api/health/ready`);
    for (const [name, url] of flatUrls) {
      const large = await coldThenMedian(url);
      const ratio = large.median / small[name].median;
      row(
        "5 100 vs 100,000 surveys",
        name,
        `median ${fmt(small[name].median, 1)} -> ${fmt(large.median, 1)} ms (${fmt(ratio, 2)} x); first request ${fmt(small[name].cold)} -> ${fmt(large.cold)} ms`,
        "<= 1.5 x",
        ok(ratio <= 1.5),
      );
    }
    row("5 100 vs 100,000 surveys", "seeding 99,900 surveys (SQL generate_series)", `${fmt(seedSeconds, 1)} s`);
  }

  // ---- peak memory -------------------------------------------------------------------------------------
  if (runs("5") && runs("6")) row("6 memory", "server peak RSS (100 surveys run / 100,000 surveys run)", `${fmt(rssSmall)} MB / ${fmt(peakRss(server.pid))} MB`);

  // ---- 8. the proof-of-work of registration, contact and forgot-password (bench/altcha.mjs) -------------------
  if (runs("8")) {
    await benchAltcha({ row, fmt, base, log });
    await benchAltchaBrowser({ row, fmt, base, log });
  }

  await stop(server);
  server = null;
  // ---- 6b. the server's memory on the embedded database (bench/memory.mjs) ---------------------------------
  if (runs("6b")) await benchMemory({ row, fmt, ok, port: port + 3, log });

  // ---- 7. the embedded database ------------------------------------------------------------------------
  if (runs("7")) await benchEmbedded({ row, fmt, ok, port: port + 2, seconds, log });

  // ---- 9. the integrity panel (bench/integrity.mjs) ------------------------------------------------------
  if (runs("9")) await benchIntegrity({ row, fmt, ok, log });

  // ---- 11. from a shared link to a counted vote, in Chromium (bench/journeys.mjs) -------------------------------
  if (runs("11")) await benchJourneys({ row, port: port + 4, log });

  // ---- 12. webhook deliveries (bench/webhooks.mjs) ----------------------------------------------------------------
  if (runs("12")) await benchWebhooks({ row, fmt, ok, port: port + 5, log });

  // ---- 10. from demo size to a million votes (optional: --scale) ---------------------------------------------
  if (process.argv.includes("--scale")) await benchScale({ row, fmt, ok, port: port + 20, log });

  // ---- the table -------------------------------------------------------------------------------------------
  const cpu = (fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.+)/) ?? [])[1] ?? "unknown CPU";
  const cores = fs.readFileSync("/proc/cpuinfo", "utf8").match(/^processor/gm)?.length;
  console.log(`\nOPINEX bench, ${new Date().toISOString().slice(0, 16)}Z, ${cores} x ${cpu}, Node ${process.version}, PostgreSQL, ${connections} connections, ${seconds} s per run\n`);
  const widths = ["section", "name", "value", "target", "verdict"].map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (r) => `| ${["section", "name", "value", "target", "verdict"].map((k, i) => String(r[k]).padEnd(widths[i])).join(" | ")} |`;
  console.log(line({ section: "item", name: "measure", value: "result", target: "target", verdict: "" }));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  if (rows.some((r) => r.verdict === "MISSED")) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
