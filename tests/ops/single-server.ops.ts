// One production server on the embedded database (PGlite): health, client address, logs, clean
// shutdown with requests in flight, kill -9 during a vote storm, backup and restore.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ROOT,
  apiToken,
  baseEnv,
  checkVotes,
  childrenOf,
  isAlive,
  createVoters,
  hasBuild,
  openSurveyIds,
  seed,
  startServer,
  stopServer,
  tempDir,
  vote,
  withDb,
  type Server,
  crashMidStorm,
} from "./helpers";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";

const PORT = Number(process.env.OPS_SINGLE_SERVER_PORT ?? 3511);
const dataDir = tempDir("single");
const METRICS_TOKEN = "ops-metrics-token-0123456789abcdef";
const env = baseEnv({ DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: "20", METRICS_TOKEN });
let server: Server | undefined;
let admin: { id: string };
let voter: { id: string };

if (!hasBuild) console.warn("tests/ops: no production build (.next): run `npm run build` first; skipping.");

describe.skipIf(!hasBuild)("one production server on PGlite", () => {
  beforeAll(async () => {
    seed(env);
    [admin] = await createVoters({ dataDir }, 1, "admin");
    [voter] = await createVoters({ dataDir }, 1);
    server = await startServer(PORT, env);
  });
  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses to serve when the build is started another way (`next start`), naming the command", async () => {
    const result = spawnSync(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(PORT + 7)], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: "production", DATA_DIR: tempDir("next-start") } as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("run `npm start`");
  });

  it("answers liveness and readiness as uncached JSON without secrets", async () => {
    const live = await fetch(`${server!.url}/api/health`);
    expect(live.status).toBe(200);
    expect(live.headers.get("cache-control")).toContain("no-store");
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server!.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toContain("no-store");
    const text = await ready.text();
    expect(JSON.parse(text)).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", redis: "not configured", stopping: false } });
    expect(text).not.toContain(dataDir);
    // Many quick calls in a row are never throttled or redirected.
    const many = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server!.url}/api/health/ready`)));
    expect(many.map((r) => r.status)).toEqual(Array(30).fill(200));
  });

  it("ignores X-Forwarded-For from a client that is not behind a trusted proxy", async () => {
    const forged = "203.0.113.77";
    for (const path of ["/api/no-such-call", "/api/vote/not-a-survey-id", "/no-such-page"]) {
      const res = await fetch(`${server!.url}${path}`, { headers: { "x-forwarded-for": forged, "x-real-ip": forged } });
      expect(res.status).toBe(404);
      const requestId = res.headers.get("x-request-id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const linesOf = () => server!.lines.map((l) => { try { return JSON.parse(l); } catch { return null; } }).filter((l) => l?.requestId === requestId);
      // The line is written when the response has been sent: give the pipe a moment.
      for (let i = 0; i < 20 && linesOf().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      const lines = linesOf();
      expect(lines, server!.lines.slice(-5).join("\n")).toHaveLength(1);
      expect(lines[0]).toMatchObject({ level: "warn", method: "GET", path, status: 404, client: "127.0.0.1" });
    }
    expect(JSON.stringify(server!.lines)).not.toContain(forged);

    // The sign-in throttle counts the connection's address whatever the header claims: 10 failures
    // "from" 10 different forged addresses throttle 127.0.0.1, so another account is refused too.
    const csrf = await fetch(`${server!.url}/api/auth/csrf`);
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = await csrf.json();
    const signIn = (email: string, password: string, address: string) =>
      fetch(`${server!.url}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": address },
        body: new URLSearchParams({ email, password, csrfToken }),
      });
    for (let i = 0; i < 10; i++) {
      const res = await signIn(`nobody-${i}@example.test`, "wrong-password", `198.51.100.${i + 1}`);
      expect(res.status).not.toBe(429);
    }
    const refused = await signIn("user@demo.test", "demo-password", "198.51.100.200");
    expect(refused.status).toBe(429);
    for (let i = 0; i < 20 && !server!.lines.some((l) => l.includes('"status":429')); i++) await new Promise((r) => setTimeout(r, 50));
    expect(server!.lines.filter((l) => l.includes('"status":429') && l.includes('"path":"/api/auth/callback/credentials"'))).toHaveLength(1);
    for (const l of server!.lines) expect(l).not.toMatch(/demo-password|wrong-password|authjs|csrf/i);
  });

  it("labels request metrics by route pattern and status class, never by a raw URL, and counts page cache hits", async () => {
    const id = "3f1e2d4c-0000-4000-8000-00000000abcd";
    for (const path of [`/survey/details/${id}?utm_source=raw-query-7731`, "/no-such-page-raw-path-7732", "/", "/", `/api/vote/${id}`]) {
      await (await fetch(`${server!.url}${path}`)).arrayBuffer();
    }
    expect((await fetch(`${server!.url}/api/metrics`)).status).toBe(401);
    const res = await fetch(`${server!.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const labelled = text.split("\n").filter((l) => l.startsWith("opinex_http_requests_total{"));
    expect(labelled.some((l) => l.includes('route="/survey/details/[id]"'))).toBe(true);
    // A public URL is labelled by the route that answers it after the public rewrites (/ → /c/home/[v]).
    expect(labelled.some((l) => l.includes('route="/c/home/[v]"') && l.includes('status="2xx"'))).toBe(true);
    expect(text).not.toMatch(/raw-query|raw-path|3f1e2d4c/);
    expect(text).toMatch(/opinex_page_cache_total\{result="hit"\} [1-9]/);
  });

  it("answers a page Next served from its cache again without Next, and asks Next again the moment a vote or an unpublish lands", async () => {
    const metrics = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
    const kept = async () => Number((await (await fetch(`${server!.url}/api/metrics`, metrics)).text()).match(/opinex_page_cache_total\{result="kept"\} (\d+)/)?.[1] ?? 0);
    const [survey] = await (await fetch(`${server!.url}/api/all_surveys?limit=1&sort=createdAt`)).json();
    const path = `/survey/details/${survey._id}`;
    const get = async (url: string) => {
      const before = await kept();
      const res = await fetch(`${server!.url}${url}`, { headers: { "accept-encoding": "gzip" } });
      const text = await res.text();
      return { status: res.status, text, headers: res.headers, kept: (await kept()) > before };
    };
    const yes = (text: string) => Number(text.match(/"upvoteCount":(\d+)/)?.[1]);

    // Made (MISS), answered by Next from its cache (HIT), then answered by the server alone.
    const byNext = [await get(path), await get(path)];
    expect(byNext.map((a) => a.kept)).toEqual([false, false]);
    const alone = await get(path);
    expect(alone.kept).toBe(true);
    expect(alone.text).toBe(byNext[1].text);
    for (const name of ["cache-control", "content-type", "content-security-policy", "vary", "etag", "x-frame-options"]) expect(alone.headers.get(name), name).toBe(byNext[1].headers.get(name));
    const before = yes(alone.text);

    // A vote: the very next request goes to Next (a stale copy while it refreshes), and the vote shows.
    expect((await vote(server!, survey._id, voter.id)).status).toBe(200);
    expect((await get(path)).kept).toBe(false);
    let shown = false;
    for (let i = 0; i < 50 && !shown; i++) shown = yes((await get(path)).text) === before + 1;
    expect(shown).toBe(true);
    let again = false;
    for (let i = 0; i < 5 && !again; i++) again = (await get(path)).kept;
    expect(again).toBe(true);
    const list = "/surveys?sort=createdAt";
    for (let i = 0; i < 3; i++) await get(list);
    expect((await get(list)).kept).toBe(true);
    expect((await get(list)).text).toContain(`/survey/details/${survey._id}`);

    // Unpublished: gone from the page and the list on the very next request.
    const unpublish = await fetch(`${server!.url}/api/update_survey_status`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken(admin.id)}`, "content-type": "application/json" },
      body: JSON.stringify({ id: survey._id, status: "unpublish", feedbackMessage: "Removed by the kept pages test." }),
    });
    expect(unpublish.status).toBe(200);
    const gone = await get(path);
    expect([gone.status, gone.kept]).toEqual([404, false]);
    const listed = await get(list);
    expect(listed.kept).toBe(false);
    expect(listed.text).not.toContain(`/survey/details/${survey._id}`);
  });

  it("puts the request id of the log line in the JSON error body", async () => {
    const res = await fetch(`${server!.url}/api/vote/not-a-survey`, { method: "PUT", headers: { authorization: "Bearer nonsense" } });
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-request-id")).toBe(body.error.requestId);
    for (let i = 0; i < 20 && !server!.lines.some((l) => l.includes(body.error.requestId)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(server!.lines.filter((l) => l.includes(body.error.requestId) && l.includes('"status":401'))).toHaveLength(1);
    for (const l of server!.lines) expect(l).not.toContain("nonsense");
  });

  it("finishes 100 requests in flight on SIGTERM to `npm start`, exits 0 with no process left, and starts again on the same folder", async () => {
    // Readiness is left out: a stopping server answers it 503 on purpose (checked below).
    const pages = ["/surveys", "/", "/api/get_features_surveys", "/api/health", "/about"];
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const sent: Promise<void>[] = [];
    const inFlight = Array.from({ length: 100 }, (_, i) => {
      const page = pages[i % pages.length];
      return new Promise<{ status: number; at: number; error?: string }>((resolve) => {
        const req = http.get(`${server!.url}${page}${page.startsWith("/api") ? "" : `?n=${i}`}`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, at: Date.now() }));
        });
        req.on("error", (e) => resolve({ status: 0, at: Date.now(), error: e.message }));
        // In flight: the whole request has been written to the server's connection.
        sent.push(new Promise((r) => req.on("finish", () => r())));
      });
    });
    await Promise.all(sent);
    await new Promise((r) => setTimeout(r, 100));
    const signalled = Date.now();
    server!.child.kill("SIGTERM");
    // A stopping server still answers, but tells the load balancer to send nothing more.
    const ready = await fetch(`${server!.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).checks.stopping).toBe(true);
    const results = await Promise.all(inFlight);
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    expect(results.some((r) => r.at > signalled)).toBe(true);
    expect(await server!.exited).toBe(0);
    // npm waited for the server: nothing of the tree is left holding the port or the folder.
    expect(isAlive(server!.serverPid)).toBe(false);
    expect(childrenOf(server!.child.pid!)).toEqual([]);
    expect(server!.lines.join("\n")).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, "opinex.lock"))).toBe(false);

    server = await startServer(PORT, env);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    expect(server.lines.join("\n")).not.toMatch(/already open|lock/i);
  });

  it("keeps every acknowledged vote after kill -9 in a vote storm, counters equal to rows", async () => {
    expect(await stopServer(server!)).toBe(0);
    const target = { dataDir };
    const voters = await createVoters(target, 60);
    const surveyIds = await openSurveyIds(target, 3);
    server = await startServer(PORT, env);
    const acknowledged = await crashMidStorm(server, surveyIds, voters);
    expect(acknowledged.length).toBeGreaterThan(10);
    // The next start on the same folder: no lock error, and the data is all there.
    server = await startServer(PORT, env);
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    expect(await stopServer(server)).toBe(0);
    const result = await checkVotes(target, acknowledged, surveyIds);
    expect(result.missing).toEqual([]);
    expect(result.mismatched).toEqual([]);
    expect(result.rows).toBeGreaterThanOrEqual(acknowledged.length);
    console.log(`PGlite kill -9: ${acknowledged.length} votes acknowledged, ${result.rows} rows after restart`);
  });

  it("backs up the stopped database and restores it into a fresh folder that serves the same data", async () => {
    const backupFile = path.join(tempDir("backup"), "demo.tar.gz");
    const run = (args: string[], extra: Record<string, string>) =>
      execFileSync("npm", ["run", "--silent", ...args], { cwd: ROOT, env: { ...env, ...extra } as NodeJS.ProcessEnv, encoding: "utf8", stdio: "pipe" });

    // While a server holds the folder, the backup says it must be stopped.
    server = await startServer(PORT, env);
    let message = "";
    try {
      run(["db:backup", "--", backupFile], {});
    } catch (error) {
      message = String((error as { stderr: string }).stderr);
    }
    expect(message).toMatch(/only be backed up while the server is stopped/);
    expect(await stopServer(server)).toBe(0);

    expect(run(["db:backup", "--", backupFile], {})).toContain("Backed up");
    const restoredDir = tempDir("restored");
    expect(run(["db:restore", "--", backupFile], { DATA_DIR: restoredDir })).toMatch(/Restored .* surveys, \d+ accounts/);
    // A restore never overwrites a database.
    expect(() => run(["db:restore", "--", backupFile], { DATA_DIR: restoredDir })).toThrow();

    const snapshot = async (dir: string) =>
      withDb({ dataDir: dir }, async (db) => ({
        surveys: await queryRows(db, sql`select id, title, yes_count, no_count, status from surveys order by id`),
        users: await queryRows(db, sql`select id, email, role, password_hash from users order by id`),
      }));
    const original = await snapshot(dataDir);
    expect(await snapshot(restoredDir)).toEqual(original);

    // The restored folder serves the same surveys and accounts.
    server = await startServer(PORT, { ...env, DATA_DIR: restoredDir });
    const list = await (await fetch(`${server.url}/api/all_surveys`)).text();
    const first = original.surveys.find((s) => (s as { status: string }).status === "publish") as { title: string };
    expect(list).toContain(JSON.stringify(first.title).slice(1, -1));
    expect(await stopServer(server)).toBe(0);
    server = undefined;
    fs.rmSync(restoredDir, { recursive: true, force: true });
    fs.rmSync(path.dirname(backupFile), { recursive: true, force: true });
  });
});
