// A storm of 100 wrong-password sign-ins (unknown emails, each from its own address,
// all at once) must not freeze the server. Prints the median and p99 latency of a static asset and of a
// cached page while the storm is refused (a figure for docs/security.md, not a timed assertion), and checks
// that every storm attempt was refused cleanly and that a real person can still sign in afterwards.
//
// OPS_APP_DIR=/path/to/another/build runs the same storm against another checkout's build (the
// "before" figure was measured that way on main's code).
import path from "node:path";
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseEnv, createPgDatabase, PG_URL, ROOT, startServer, stopServer, tempDir, type Server } from "./helpers";

const APP_DIR = process.env.OPS_APP_DIR ? path.resolve(process.env.OPS_APP_DIR) : ROOT;
const hasAppBuild = fs.existsSync(path.join(APP_DIR, ".next/BUILD_ID"));
const PORT = Number(process.env.OPS_STORM_PORT ?? 4510);
const STORM = 100;

let server: Server;
let database: { url: string; drop: () => Promise<void> } | undefined;
// OPS_STORM_DB=pg (with TEST_DATABASE_URL): the same storm on a PostgreSQL server instead of PGlite.
const onPg = process.env.OPS_STORM_DB === "pg" && Boolean(PG_URL);

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const figures = (values: number[]) => `p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms (n=${values.length})`;

async function timed(url: string) {
  const started = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

async function csrf() {
  const res = await fetch(`${server.url}/api/auth/csrf`);
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { csrfToken, cookie: res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

async function signIn(email: string, password: string, address: string, token: { csrfToken: string; cookie: string }) {
  const res = await fetch(`${server.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": address },
    body: new URLSearchParams({ email, password, csrfToken: token.csrfToken, callbackUrl: "/" }),
  });
  const text = await res.text();
  return { status: res.status, text, session: res.headers.getSetCookie().some((c) => /session-token=[^;]/.test(c)) };
}

describe.skipIf(!hasAppBuild)("a storm of wrong-password sign-ins", () => {
  beforeAll(async () => {
    database = onPg ? await createPgDatabase() : undefined;
    const env = baseEnv({ ...(database ? { DATABASE_URL: database.url } : { DATA_DIR: tempDir("storm") }), TRUSTED_PROXIES: "1", LOG_LEVEL: "error" });
    execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { cwd: APP_DIR, env: env as NodeJS.ProcessEnv, stdio: "pipe" });
    server = await startServer(PORT, env, APP_DIR);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    await database?.drop();
  });

  it("keeps answering a static asset and a cached page while 100 sign-ins are refused", async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    const asset = home.match(/\/_next\/static\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const assetUrl = `${server.url}${asset}`;
    const pageUrl = `${server.url}/about`;
    await timed(pageUrl);

    const quiet: number[] = [];
    for (let i = 0; i < 50; i++) quiet.push(await timed(assetUrl));

    const token = await csrf();
    const started = performance.now();
    let done = false;
    const storm = Promise.all(
      Array.from({ length: STORM }, (_, i) => signIn(`nobody-${i}@storm.test`, `wrong-${i}`, `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`, token)),
    ).finally(() => (done = true));
    const assetTimes: number[] = [];
    const pageTimes: number[] = [];
    while (!done) {
      assetTimes.push(await timed(assetUrl));
      pageTimes.push(await timed(pageUrl));
    }
    const results = await storm;
    const stormMs = performance.now() - started;

    const statuses: Record<number, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    console.log(
      [
        `[storm] app: ${APP_DIR}, database: ${onPg ? "PostgreSQL" : "PGlite"}`,
        `[storm] static asset, quiet:        ${figures(quiet)}`,
        `[storm] static asset, during storm: ${figures(assetTimes)}`,
        `[storm] cached page,  during storm: ${figures(pageTimes)}`,
        `[storm] ${STORM} sign-ins answered in ${Math.round(stormMs)} ms; statuses ${JSON.stringify(statuses)}`,
      ].join("\n"),
    );
    // Every storm attempt refused, none with a server error other than "busy, try again" (503).
    expect(results.every((r) => !r.session)).toBe(true);
    expect(results.every((r) => r.status < 500 || r.status === 503)).toBe(true);

    // A real person signs in right after the storm.
    const real = await signIn("user@demo.test", "demo-password", "10.78.0.1", await csrf());
    expect(real.session).toBe(true);
  });
});
