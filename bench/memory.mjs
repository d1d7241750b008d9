// The server's resident memory on the embedded database, for `npm run bench` (section 6b) and alone
// (`node bench/memory.mjs`): the server started with `npm start` as a supervisor starts it, its
// VmRSS and VmHWM read from /proc every 50 ms through each phase, the phase the peak fell in, and
// what the memory was made of at the peak and at the end (bench/lib/resident.mjs, from smaps).
//   fresh  an empty DATA_DIR: the server creates the database and migrates it, then serves pages
//   demo   a DATA_DIR seeded with the demo data (what `npm run demo` serves), and a survey of the demo
//          surveyor's with EXPORT_VOTES votes more: pages, then votes, then 1,000 live streams of one
//          survey while votes land, then that survey's CSV export (all its voters) as its surveyor
// Memory in MB of 10^6 bytes throughout (bench/lib/units.mjs).
// BENCH_NODE_FLAGS="--flag ..." starts `node <flags> server/index.mjs` instead of `npm start`, to
// compare Node/V8 flags; BENCH_MEMORY_CASES=fresh,demo picks the cases.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { PGlite } from "@electric-sql/pglite";
import { serverEnv, throwawayServer, waitFor } from "../scripts/lib/throwaway-server.mjs";
import { castVotes } from "./lib/cast-votes.mjs";
import { apiToken } from "./lib/api-token.mjs";
import { openViewer } from "./live.mjs";
import { residentByKind } from "./lib/resident.mjs";
import { kibToMB, bytesToMB } from "./lib/units.mjs";

const VOTERS = 2000;
/** Voters kept for the live streams' phase (20 votes a second while the streams are open). */
const LIVE_VOTERS = 100;
const LIVE_VIEWERS = 1000;
/** The exported survey's votes, inserted in bulk before the server starts. */
const EXPORT_VOTES = 100_000;

/** VmRSS and VmHWM of a process, MB (NaN once it has gone). */
function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const mb = (field) => kibToMB(Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1]));
    return { rss: mb("VmRSS"), hwm: mb("VmHWM") };
  } catch {
    return { rss: NaN, hwm: NaN };
  }
}

/** The pid of the server `npm start` runs (npm's child, whose shell `exec`s node), or `pid` itself. */
function serverPid(pid) {
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server/index.mjs")) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Samples the server every 50 ms; `phase(name)` labels what follows; `stop()` returns the figures. */
function sampler(parent) {
  let pid = process.env.BENCH_NODE_FLAGS === undefined ? null : parent;
  let phase = "start";
  const phases = new Map();
  /** @type {{ rss: number, phase: string, kinds?: ReturnType<typeof residentByKind> }} */
  let peak = { rss: 0, phase };
  const timer = setInterval(() => {
    pid ??= serverPid(parent);
    if (!pid) return;
    const { rss } = memoryOf(pid);
    if (!Number.isFinite(rss)) return;
    const p = phases.get(phase) ?? { max: 0, last: 0 };
    phases.set(phase, { max: Math.max(p.max, rss), last: rss });
    if (rss <= peak.rss) return;
    // What the memory is made of, read again each time the peak grows by 10 MB (smaps costs a few ms).
    const kinds = !peak.kinds || rss > peak.kindsAt + 10 ? residentByKind(pid) : null;
    peak = kinds ? { rss, phase, kinds, kindsAt: rss } : { ...peak, rss, phase };
  }, 50);
  return {
    phase: (name) => (phase = name),
    stop() {
      clearInterval(timer);
      return { peak, hwm: memoryOf(pid).hwm, phases, end: residentByKind(pid) };
    },
  };
}

function load(url, options) {
  return new Promise((resolve, reject) => autocannon({ url, connections: 20, duration: 4, ...options }, (e, r) => (e ? reject(e) : resolve(r))));
}

const METRICS_TOKEN = randomBytes(24).toString("hex");

/** The V8 heaps from the server's own metrics, MB: the main thread's committed per space, and external; the database worker's. */
async function heapOf(base) {
  const text = await (await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const mb = (re) => [...text.matchAll(re)].map((m) => [m[1], bytesToMB(Number(m[2]))]);
  const spaces = mb(/^nodejs_heap_space_size_total_bytes\{space="([a-z_]+)"\} (\S+)/gm).filter(([, v]) => v >= 1);
  const [[, total] = [, NaN]] = mb(/^nodejs_heap_size_total_bytes()\s(\S+)/gm);
  const [[, used] = [, NaN]] = mb(/^nodejs_heap_size_used_bytes()\s(\S+)/gm);
  const [[, external] = [, NaN]] = mb(/^nodejs_external_memory_bytes()\s(\S+)/gm);
  const worker = Object.fromEntries(mb(/^opinex_worker_heap_bytes\{kind="([a-z]+)"\} (\S+)/gm));
  const f = (n) => n.toFixed(0);
  return `main heap ${f(used)} used / ${f(total)} committed (${spaces.map(([k, v]) => `${k.replace(/_space$/, "")} ${f(v)}`).join(" ")}), external ${f(external)}; database worker heap ${f(worker.used ?? NaN)} used / ${f(worker.total ?? NaN)} committed`;
}

/** The server of `env`, started as `npm start` does (or with BENCH_NODE_FLAGS); resolves its process. */
function startServer(env, appDir) {
  const flags = process.env.BENCH_NODE_FLAGS;
  // `npm start` is `exec node server/index.mjs`: npm's shell is replaced, so the child's pid is the server's.
  const child =
    flags === undefined
      ? spawn("npm", ["start", "--silent"], { cwd: appDir, env, stdio: ["ignore", "ignore", "inherit"] })
      : spawn(process.execPath, [...flags.split(" ").filter(Boolean), "server/index.mjs"], { cwd: appDir, env, stdio: ["ignore", "ignore", "inherit"] });
  return child;
}

async function stopServer(child) {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise((r) => child.once("exit", (code) => r(code)));
  child.kill("SIGTERM");
  return exited;
}

async function pagesLoad(base, mem) {
  const list = await (await fetch(`${base}/api/all_surveys?limit=3`)).json();
  const urls = [`${base}/`, `${base}/surveys`, `${base}/surveys?category=Health&sort=createdAt&page=2`, `${base}/about`, ...list.map((s) => `${base}/survey/details/${s._id}`)];
  mem.phase("first renders");
  for (const url of urls) await (await fetch(url)).arrayBuffer();
  mem.phase("pages under load");
  for (const url of urls) await load(url, { headers: { "accept-encoding": "gzip" } });
}

async function votesLoad(base, secret, voters, surveys, mem) {
  mem.phase("votes");
  const { accepted, seconds } = await castVotes({ base, secret, voters, surveys });
  return accepted / seconds;
}

/** An empty DATA_DIR: creating the database and migrating it happen inside the server. */
async function fresh(port, appDir) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-memory-"));
  const base = `http://localhost:${port}`;
  const env = serverEnv({ port, dataDir, extra: { METRICS_TOKEN } });
  const child = startServer(env, appDir);
  const mem = sampler(child.pid);
  try {
    const t = performance.now();
    await waitFor(`${base}/api/health/ready`);
    const readySeconds = (performance.now() - t) / 1000;
    await pagesLoad(base, mem);
    mem.phase("idle");
    await new Promise((r) => setTimeout(r, 1000));
    const heap = await heapOf(base);
    const result = mem.stop();
    return { ...result, heap, readySeconds, exit: await stopServer(child) };
  } finally {
    if (child.exitCode === null) await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A survey of the demo surveyor's with `EXPORT_VOTES` votes of as many new accounts (one in ten with a
 * comment), in bulk with the counters' triggers off and counted once afterwards, as
 * scripts/scale-seed.ts does. Returns the survey and its surveyor.
 */
async function addExportedSurvey(db) {
  const {
    rows: [owner],
  } = await db.query(`SELECT id FROM users WHERE email = 'surveyor@demo.test'`);
  const {
    rows: [survey],
  } = await db.query(
    `INSERT INTO surveys (title, description, category, deadline, question_title, question_description, surveyor_id, created_at)
     VALUES ('Memory export', 'Bench', 'Technology', current_date + 30, 'Q', 'D', $1, now() - interval '20 days') RETURNING id`,
    [owner.id],
  );
  await db.exec(`alter table users disable trigger user; alter table surveys disable trigger user; alter table votes disable trigger all;`);
  await db.query(
    `INSERT INTO users (email, name, role, created_at, email_verified)
     SELECT 'memory-export-' || g || '@bench.test', 'Exported voter ' || g, 'user', now() - interval '30 days', now() FROM generate_series(1, ${EXPORT_VOTES}) g`,
  );
  await db.query(
    `INSERT INTO votes (survey_id, user_id, vote, comment, created_at)
     SELECT $1::uuid, id, CASE WHEN n % 3 = 0 THEN 'no'::vote_value ELSE 'yes'::vote_value END,
            CASE WHEN n % 10 = 0 THEN 'Comment ' || n || ': I voted after reading the description twice.' END,
            now() - make_interval(secs => n % 86400)
     FROM (SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'memory-export-%') v`,
    [survey.id],
  );
  await db.query(
    `UPDATE surveys SET yes_count = (SELECT count(*) FROM votes WHERE survey_id = $1 AND vote = 'yes'),
                        no_count = (SELECT count(*) FROM votes WHERE survey_id = $1 AND vote = 'no') WHERE id = $1`,
    [survey.id],
  );
  await db.exec(`alter table users enable trigger user; alter table surveys enable trigger user; alter table votes enable trigger all; select recount_row_counts();`);
  return { surveyId: survey.id, ownerId: owner.id };
}

/** `LIVE_VIEWERS` streams of one survey's live figures, 20 votes a second landing meanwhile, then closed. */
async function liveStreamsLoad(base, secret, voters, surveyId, mem) {
  mem.phase("live streams");
  const url = `${base}/api/survey/${surveyId}/live`;
  const open = [];
  for (let i = 0; i < LIVE_VIEWERS; i += 100) open.push(...(await Promise.all(Array.from({ length: Math.min(100, LIVE_VIEWERS - i) }, () => openViewer(url)))));
  const until = performance.now() + voters.length * 50;
  let next = 0;
  while (next < voters.length && performance.now() < until) {
    const res = await fetch(`${base}/api/vote/${surveyId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${apiToken(secret, voters[next++])}`, "content-type": "application/json" },
      body: JSON.stringify({ vote: next % 2 ? "yes" : "no" }),
    });
    await res.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  }
  // The last figures reach every stream within about a second.
  await new Promise((r) => setTimeout(r, 1500));
  const receiving = open.filter((v) => v.seen.length > 1).length;
  for (const viewer of open) viewer.close();
  return receiving;
}

/** The exported survey's CSV as its surveyor downloads it, read to the end: its bytes. */
async function exportLoad(base, secret, { surveyId, ownerId }, mem) {
  mem.phase("export");
  const res = await fetch(`${base}/api/survey/${surveyId}/export`, { headers: { authorization: `Bearer ${apiToken(secret, ownerId)}` } });
  if (!res.ok) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  return bytes;
}

/** A DATA_DIR seeded with the demo data, voters and a survey to export, as `npm run demo` serves it. */
async function demo(port, appDir) {
  const server = throwawayServer({ name: "bench-memory", port, appDir, env: { LOG_LEVEL: "error", METRICS_TOKEN, LIVE_MAX_STREAMS_PER_CLIENT: String(LIVE_VIEWERS * 2) } });
  const db = new PGlite(path.join(server.dataDir, "pgdata"));
  const { rows: voters } = await db.query(
    `INSERT INTO users (email, name, role) SELECT 'memory-voter-' || g || '@bench.test', 'Voter ' || g, 'user' FROM generate_series(1, ${VOTERS + LIVE_VOTERS}) g RETURNING id`,
  );
  const { rows: surveys } = await db.query(`SELECT id FROM surveys WHERE status = 'publish' AND deadline > current_date ORDER BY created_at LIMIT 5`);
  const exported = await addExportedSurvey(db);
  await db.close();
  const child = startServer(server.env, appDir);
  const mem = sampler(child.pid);
  try {
    const t = performance.now();
    await waitFor(`${server.base}/api/health/ready`);
    const readySeconds = (performance.now() - t) / 1000;
    await pagesLoad(server.base, mem);
    const ids = voters.map((v) => v.id);
    const votesPerSecond = await votesLoad(server.base, server.env.AUTH_SECRET, ids.slice(0, VOTERS), surveys.map((s) => s.id), mem);
    const receiving = await liveStreamsLoad(server.base, server.env.AUTH_SECRET, ids.slice(VOTERS), surveys[0].id, mem);
    const exportBytes = await exportLoad(server.base, server.env.AUTH_SECRET, exported, mem);
    mem.phase("idle");
    await new Promise((r) => setTimeout(r, 1000));
    const heap = await heapOf(server.base);
    const result = mem.stop();
    return { ...result, heap, readySeconds, votesPerSecond, receiving, exportBytes, exit: await stopServer(child) };
  } finally {
    if (child.exitCode === null) await stopServer(child);
    await server.stop();
  }
}

/** Adds the memory rows through `row(section, name, value, target, verdict)`. */
export async function benchMemory({ row, fmt, ok, port, log, appDir = process.cwd() }) {
  const cases = (process.env.BENCH_MEMORY_CASES ?? "fresh,demo").split(",");
  const how = process.env.BENCH_NODE_FLAGS === undefined ? "npm start" : `node ${process.env.BENCH_NODE_FLAGS}`;
  for (const [name, run] of [["fresh", fresh], ["demo", demo]]) {
    if (!cases.includes(name)) continue;
    log(`memory: ${name} DATA_DIR (${how})...`);
    const r = await run(port, appDir);
    const phases = [...r.phases].map(([phase, p]) => `${phase} ${fmt(p.max)}`).join(", ");
    const kinds = (k) => (k ? `WebAssembly memory ${fmt(k.wasm)}, other anonymous ${fmt(k.anonymous)} (V8 heaps, malloc), files ${fmt(k.files)}` : "n/a");
    row(
      "6b memory, embedded",
      `${name} DATA_DIR, ${how}: peak RSS (VmHWM)`,
      `${fmt(r.hwm)} MB, in "${r.peak.phase}" (${kinds(r.peak.kinds)}); max per phase: ${phases}; at the end ${fmt(r.phases.get("idle")?.last)} MB (${kinds(r.end)}): ${r.heap}; ready after ${fmt(r.readySeconds, 1)} s${r.votesPerSecond ? `, ${fmt(r.votesPerSecond)} votes/s` : ""}${r.receiving !== undefined ? `, ${r.receiving} of ${LIVE_VIEWERS} streams received the votes` : ""}${r.exportBytes ? `, export of ${EXPORT_VOTES} voters ${fmt(r.exportBytes / 1e6, 1)} MB` : ""}; SIGTERM exit ${r.exit}`,
      "< 400 MB",
      ok(r.hwm < 400),
    );
  }
}

// `node bench/memory.mjs`: only these rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMemory({
    row: (...cells) => console.log(`| ${cells.join(" | ")} |`),
    fmt: (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a"),
    ok: (pass) => (pass ? "met" : "MISSED"),
    port: Number(process.env.BENCH_PORT ?? 5510) + 3,
    log: (...args) => console.error("·", ...args),
  });
}
