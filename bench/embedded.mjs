// The embedded database (PGlite) under load, for `npm run bench`: a static asset's latency while
// 100 wrong-password sign-ins arrive at once, and how many votes a second one server accepts.
// BENCH_BASELINE_DIR=/path/to/another/checkout (with its own production build) measures that
// checkout the same way in the same run, so the two columns sit side by side.
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { throwawayServer } from "../scripts/lib/throwaway-server.mjs";
import { castVotes } from "./lib/cast-votes.mjs";

const STORM = 100;
const VOTERS = 3000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Adds `VOTERS` people to the seeded folder (nothing holds it yet); returns their ids and open surveys. */
async function addVoters(dataDir) {
  const db = new PGlite(path.join(dataDir, "pgdata"));
  const withNetwork = (await db.query(`SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'signup_network'`)).rows.length > 0;
  const { rows: voters } = await db.query(
    // Each with the sign-up network registration records (one in 20 shared), so a vote pays for every
    // figure the database keeps; a checkout older than that column is measured without it.
    `INSERT INTO users (email, name, role${withNetwork ? ", signup_network" : ""})
     SELECT 'embedded-voter-' || g || '@bench.test', 'Voter ' || g, 'user'${withNetwork ? ", 'bench:' || case when g % 20 = 0 then 'shared' || (g % 7) else 'own' || g end" : ""}
     FROM generate_series(1, ${VOTERS}) g RETURNING id`,
  );
  const { rows: surveys } = await db.query(`SELECT id FROM surveys WHERE status = 'publish' AND deadline > current_date ORDER BY created_at LIMIT 5`);
  await db.close();
  return { voters: voters.map((v) => v.id), surveys: surveys.map((s) => s.id) };
}

async function timed(url) {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  return performance.now() - t;
}

/** 100 wrong-password sign-ins at once, each from its own address; a static asset fetched throughout. */
async function storm(base) {
  const html = await (await fetch(`${base}/`)).text();
  const asset = `${base}${html.match(/\/_next\/static\/[^"'\s]+\.js/)[0]}`;
  const tokens = await Promise.all(
    Array.from({ length: STORM }, async () => {
      const res = await fetch(`${base}/api/auth/csrf`);
      const { csrfToken } = await res.json();
      return { csrfToken, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
    }),
  );
  for (let i = 0; i < 20; i++) await timed(asset);
  const latencies = [];
  let done = false;
  const sampler = (async () => {
    while (!done) latencies.push(await timed(asset));
  })();
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, i) => {
      const res = await fetch(`${base}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": `10.77.${i >> 8}.${i & 255}` },
        body: new URLSearchParams({ email: `nobody-${i}@bench.test`, password: "wrong-password", csrfToken: token.csrfToken, callbackUrl: "/" }),
      });
      await res.arrayBuffer();
    }),
  );
  const stormMs = performance.now() - started;
  done = true;
  await sampler;
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), n: latencies.length, stormMs };
}

/** Votes from distinct people, 50 in flight at a time, for `seconds`: accepted votes per second. */
async function votes(base, secret, voters, surveys, seconds) {
  const { accepted, refused, seconds: took, exhausted } = await castVotes({ base, secret, voters, surveys, until: performance.now() + seconds * 1000 });
  return { perSecond: accepted / took, accepted, refused, exhausted };
}

/** Measures one checkout, started with `npm start` there (its own Node and server); returns its figures. */
async function measure(appDir, port, seconds) {
  const server = throwawayServer({ name: "bench-embedded", port, appDir, env: { LOG_LEVEL: "silent", TRUSTED_PROXIES: "1" } });
  try {
    const { voters, surveys } = await addVoters(server.dataDir);
    await server.serve();
    const base = server.base;
    const quiet = [];
    const html = await (await fetch(`${base}/`)).text();
    const asset = `${base}${html.match(/\/_next\/static\/[^"'\s]+\.js/)[0]}`;
    for (let i = 0; i < 50; i++) quiet.push(await timed(asset));
    const during = await storm(base);
    await sleep(2000);
    const vote = await votes(base, server.env.AUTH_SECRET, voters, surveys, seconds);
    return { quiet: { p50: percentile(quiet, 50), p99: percentile(quiet, 99) }, during, vote };
  } finally {
    await server.stop();
  }
}

/**
 * Adds the embedded-database rows through `row(section, name, value, target, verdict)`; measures
 * BENCH_BASELINE_DIR too when it is set.
 */
export async function benchEmbedded({ row, fmt, ok, port, seconds, log }) {
  const baselineDir = process.env.BENCH_BASELINE_DIR ? path.resolve(process.env.BENCH_BASELINE_DIR) : null;
  log("embedded database: sign-in storm and votes...");
  const current = await measure(process.cwd(), port, seconds);
  const baseline = baselineDir ? (log(`embedded database, baseline ${baselineDir}...`), await measure(baselineDir, port, seconds)) : null;
  const beside = (pick, unit) => (baseline ? ` (baseline ${pick(baseline)}${unit})` : "");
  const s = current.during;
  row("7 embedded database", "static asset, quiet", `p50 ${fmt(current.quiet.p50, 1)} ms, p99 ${fmt(current.quiet.p99, 1)} ms`);
  row(
    "7 embedded database",
    `static asset during ${STORM} wrong-password sign-ins at once`,
    `p50 ${fmt(s.p50, 1)} ms, p99 ${fmt(s.p99, 1)} ms (n=${s.n}, storm ${fmt(s.stormMs)} ms)${beside((b) => `p50 ${fmt(b.during.p50, 1)}, p99 ${fmt(b.during.p99, 1)}`, " ms")}`,
    "p50 <= 50 ms, p99 <= 200 ms",
    ok(s.p50 <= 50 && s.p99 <= 200),
  );
  const v = current.vote;
  row(
    "7 embedded database",
    "votes accepted per second (50 in flight, distinct people)",
    `${fmt(v.perSecond)}/s (${v.accepted} accepted, ${v.refused} refused${v.exhausted ? ", ran out of voters" : ""})${beside((b) => fmt(b.vote.perSecond), "/s")}`,
    baseline ? ">= 0.90 x baseline" : "",
    baseline ? ok(v.perSecond >= 0.9 * baseline.vote.perSecond) : "",
  );
}

// `node bench/embedded.mjs`: only these rows.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  await benchEmbedded({
    row: (...cells) => console.log(`| ${cells.join(" | ")} |`),
    fmt,
    ok: (pass) => (pass ? "met" : "MISSED"),
    port: Number(process.env.BENCH_PORT ?? 5510) + 2,
    seconds: Number(process.env.BENCH_SECONDS ?? 8),
    log: (...args) => console.error("·", ...args),
  });
}
