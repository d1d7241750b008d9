// npm run bench: requests per second of a survey page against a static asset served by the same
// production server, and their ratio. Needs a production build (`npx next build`); the server runs on
// a throwaway seeded database, so it never touches your own data.
//   BENCH_PORT (3320), BENCH_SECONDS (10), BENCH_CONNECTIONS (50)
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const port = Number(process.env.BENCH_PORT ?? 3320);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const base = `http://localhost:${port}`;

if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("No production build found: run `npx next build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-bench-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  AUTH_TRUST_HOST: "true",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  AUTH_URL: base,
  PORT: String(port),
};

console.log(`Seeding a throwaway database in ${dataDir}...`);
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "ignore", env });

const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
  env,
  stdio: ["ignore", "ignore", "inherit"],
});

// Pages rendered for the throwaway database land in the build's page cache; remove what this run
// wrote so a later `next start` on the same build never serves them.
const startedAt = Date.now();
const pageCache = ".next/server/route-cache";
function removeNewer(dir) {
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
    const full = path.join(dir, entry.name);
    const stat = fs.statSync(full);
    if ((stat.birthtimeMs || stat.mtimeMs) >= startedAt) fs.rmSync(full, { recursive: true, force: true });
    else if (entry.isDirectory()) removeNewer(full);
  }
}

function cleanUp() {
  server.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
  removeNewer(pageCache);
}
process.on("SIGINT", () => {
  cleanUp();
  process.exit(130);
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/me`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`The server did not answer on ${base}`);
}

function load(url, duration = seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

try {
  await waitForServer();
  const [survey] = await (await fetch(`${base}/api/get_latest_survey`)).json();
  const pageUrl = `${base}/survey/details/${survey._id}`;
  // The first request renders the page and puts it in the cache; the rest are served from there.
  const html = await (await fetch(pageUrl)).text();
  const asset = html.match(/\/_next\/static\/[^"'\s]+\.js/)?.[0];
  if (!asset) throw new Error("No static asset found in the page");
  const assetUrl = `${base}${asset}`;
  const cacheState = (await fetch(pageUrl)).headers.get("x-nextjs-cache") ?? "none";

  console.log(`Survey page:  ${pageUrl} (x-nextjs-cache: ${cacheState})`);
  console.log(`Static asset: ${assetUrl}`);
  console.log(`${connections} connections, ${seconds} s each, load generator on the same machine.\n`);
  // A short warm-up of each URL first, so the JIT and the caches are in the same state for both.
  await load(pageUrl, 2);
  await load(assetUrl, 2);
  const page = await load(pageUrl);
  const file = await load(assetUrl);
  const failed = (r) => r.errors + r.timeouts + r.non2xx;
  const row = (name, r) =>
    `${name.padEnd(14)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   failed ${failed(r)}`;
  console.log(row("survey page", page));
  console.log(row("static asset", file));
  console.log(`\nratio (survey page / static asset): ${(page.requests.average / file.requests.average).toFixed(2)}`);
  if (failed(page) || failed(file)) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
