// Section 14 of `npm run bench` (bench/index.mjs): public pages from servers sharing their cache
// through Redis, against one server without it. A redis-server of its own and two more app servers on
// the bench's database with REDIS_URL (as several machines would run them), then each cached page
// (gzip) from one of them alternately with the same page from the bench's own server (no Redis),
// paired rounds of 3 s, the median of the rounds' ratios; target 0.8 ×. Then a change made through
// one Redis server (an unpublish) must end the other's kept copy at once: its page answers 404 within
// 100 ms. Skipped without redis-server.
import { spawn, spawnSync } from "node:child_process";
import { stop, waitFor } from "./lib/processes.mjs";
import { apiToken } from "./lib/api-token.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startRedis(port) {
  const child = spawn("redis-server", ["--port", String(port), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    if (spawnSync("redis-cli", ["-p", String(port), "ping"]).stdout?.toString().includes("PONG")) return child;
    await sleep(100);
  }
  throw new Error("redis-server did not start");
}

export async function benchSharedCache({ base, env, nodeFlags, port, pages, db, load, row, fmt, ok, log }) {
  const section = "14 shared cache (Redis)";
  if (spawnSync("redis-server", ["--version"]).status !== 0) {
    row(section, "two servers sharing Redis", "skipped: no redis-server on this machine", ">= 0.80 x", "MISSED");
    return;
  }
  log("shared cache: redis-server and two app servers...");
  const redisPort = port + 10;
  const redis = await startRedis(redisPort);
  const servers = [port + 11, port + 12].map((p) =>
    spawn(process.execPath, [...nodeFlags, "server/index.mjs"], {
      env: { ...env, PORT: String(p), AUTH_URL: `http://localhost:${p}`, REDIS_URL: `redis://127.0.0.1:${redisPort}` },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const [a, b] = [port + 11, port + 12].map((p) => `http://localhost:${p}`);
  try {
    for (const url of [a, b]) await waitFor(`${url}/api/health/ready`);
    const gzip = { "accept-encoding": "gzip" };
    for (const [name, url] of pages) {
      const shared = url.replace(base, a);
      for (let i = 0; i < 3; i++) await (await fetch(shared, { headers: gzip })).arrayBuffer();
      await load(shared, { duration: 2, headers: gzip });
      await load(url, { duration: 2, headers: gzip });
      const ratios = [];
      const rates = [];
      let failed = 0;
      for (let round = 0; round < 3; round++) {
        const one = await load(url, { duration: 3, headers: gzip });
        const two = await load(shared, { duration: 3, headers: gzip });
        ratios.push(two.requests.average / one.requests.average);
        rates.push([two.requests.average, one.requests.average]);
        failed += two.errors + two.timeouts + two.non2xx;
      }
      const median = [...ratios].sort((x, y) => x - y)[1];
      row(
        section,
        `${name} (gzip) from one of two servers sharing Redis vs one server without`,
        `${fmt(median, 2)} x (rounds ${ratios.map((r) => fmt(r, 2)).join(", ")}; ${rates.map(([s, o]) => `${fmt(s)}/${fmt(o)}`).join(", ")} req/s)${failed ? `, ${failed} failed` : ""}`,
        ">= 0.80 x",
        ok(median >= 0.8 && !failed),
      );
    }

    // An unpublish through A: B's kept survey page must end at once.
    const [top] = await (await fetch(`${a}/api/all_surveys?limit=1`)).json();
    const {
      rows: [{ id: adminId }],
    } = await db.query(`SELECT id FROM users WHERE role = 'admin' ORDER BY created_at LIMIT 1`);
    const path = `/survey/details/${top._id}`;
    for (let i = 0; i < 5; i++) await (await fetch(`${b}${path}`)).arrayBuffer();
    const setStatus = (status) =>
      fetch(`${a}/api/update_survey_status`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiToken(env.AUTH_SECRET, adminId)}`, "content-type": "application/json" },
        body: JSON.stringify({ id: top._id, status, feedbackMessage: "Unpublished by the bench (section 14)." }),
      });
    const response = await setStatus("unpublish");
    const answered = performance.now();
    let goneMs = NaN;
    if (response.ok) {
      while (performance.now() - answered < 5000) {
        const res = await fetch(`${b}${path}`);
        await res.arrayBuffer();
        if (res.status === 404) {
          goneMs = performance.now() - answered;
          break;
        }
      }
      await setStatus("publish");
    }
    row(
      section,
      "an unpublish through one server: the other's survey page answers 404 after",
      response.ok ? (Number.isFinite(goneMs) ? `${fmt(goneMs)} ms` : "still there after 5 s") : `the unpublish answered ${response.status}`,
      "<= 100 ms",
      ok(goneMs <= 100),
    );
  } finally {
    await Promise.all(servers.map((s) => stop(s)));
    redis.kill();
  }
}
