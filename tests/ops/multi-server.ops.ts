// Two production servers from one build on one PostgreSQL database and one Redis ("N app servers" in
// docs/operations.md): the shared cache, revalidation across servers, roles and throttles read from the
// database, Redis going away and coming back; then kill -9 during a vote storm.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "@/lib/db/client";
import {
  PG_URL,
  apiToken,
  baseEnv,
  checkVotes,
  createPgDatabase,
  createVoters,
  hasBuild,
  seed,
  startServer,
  stopServer,
  vote,
  withDb,
  type Server,
  crashMidStorm,
  openSurveyIds,
} from "./helpers";

const REDIS_PORT = 6391;
const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;
const runnable = hasBuild && Boolean(PG_URL) && hasRedis;
if (!runnable) {
  console.warn(
    `tests/ops/multi-server: skipped (needs ${[!hasBuild && "a production build (npm run build)", !PG_URL && "TEST_DATABASE_URL (a PostgreSQL server)", !hasRedis && "redis-server"].filter(Boolean).join(", ")}); .ci/run provides them.`,
  );
}

let redis: ChildProcess | undefined;
async function startRedis() {
  redis = spawn("redis-server", ["--port", String(REDIS_PORT), "--save", "", "--appendonly", "no", "--bind", "127.0.0.1"], { stdio: "ignore" });
  for (let i = 0; i < 50; i++) {
    if (spawnSync("redis-cli", ["-p", String(REDIS_PORT), "ping"]).stdout?.toString().includes("PONG")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("redis-server did not start");
}
async function stopRedis() {
  if (!redis) return;
  const exited = new Promise((r) => redis!.on("exit", r));
  redis.kill("SIGKILL");
  await exited;
  redis = undefined;
}
const redisKeys = () => spawnSync("redis-cli", ["-p", String(REDIS_PORT), "--scan", "--pattern", "opinex:cache:*"]).stdout.toString().split("\n").filter(Boolean);

/** Polls until `check` passes or `ms` run out; returns the time it took. */
async function within(ms: number, check: () => Promise<boolean>) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

async function pageVotes(server: Server, id: string) {
  const html = await (await fetch(`${server.url}/survey/details/${id}`)).text();
  const counts = [...html.matchAll(/upvoteCount\\?"?:\s*(\d+)/g)].map((m) => Number(m[1]));
  return { html, total: counts.length === 2 ? counts[0] + counts[1] : NaN };
}
async function listVotes(server: Server, title: string) {
  const html = await (await fetch(`${server.url}/surveys?sort=createdAt`)).text();
  const at = html.indexOf(title);
  if (at < 0) return { html, total: NaN };
  const match = /Votes: (?:<!-- -->)?(\d+)/.exec(html.slice(at));
  return { html, total: match ? Number(match[1]) : NaN };
}

describe.skipIf(!runnable)("two production servers on PostgreSQL and Redis", () => {
  let database: { url: string; drop: () => Promise<void> };
  let a: Server;
  let b: Server;
  let surveyId: string;
  let voters: { id: string; email: string }[];
  let adminId: string;
  let env: Record<string, string>;
  const title = `Shared cache survey ${Date.now()}`;

  beforeAll(async () => {
    await startRedis();
    database = await createPgDatabase();
    env = baseEnv({ DATABASE_URL: database.url, REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`, LOG_LEVEL: "info" });
    seed(env);
    const target = { url: database.url };
    voters = await createVoters(target, 40);
    [{ id: adminId }] = await createVoters(target, 1, "admin");
    surveyId = await withDb(target, async (db) => {
      const [surveyor] = await queryRows<{ id: string }>(db, sql`select id from users where email = 'surveyor@demo.test'`);
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into surveys (title, description, category, deadline, question_title, question_description, surveyor_id)
            values (${title}, 'Two servers, one cache.', 'Technology', current_date + 30, 'Shared?', 'Is the cache shared?', ${surveyor.id})
            returning id`,
      );
      return row.id;
    });
    [a, b] = await Promise.all([startServer(3521, env), startServer(3522, env)]);
  });

  afterAll(async () => {
    for (const s of [a, b]) if (s) await stopServer(s, "SIGKILL");
    await stopRedis();
    await database?.drop();
  });

  it("both servers are ready with Redis", async () => {
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", redis: "ok", stopping: false } });
    }
  });

  it("a vote through A shows on B's cached survey page and /surveys within 2 seconds", async () => {
    expect((await pageVotes(b, surveyId)).total).toBe(0);
    expect((await listVotes(b, title)).total).toBe(0);
    expect(redisKeys().length).toBeGreaterThan(0);
    // B's pages come from the shared cache: a change made behind the app's back does not show...
    await withDb({ url: database.url }, (db) => db.execute(sql`update surveys set description = 'Edited behind the cache.' where id = ${surveyId}`));
    expect((await pageVotes(b, surveyId)).html).not.toContain("Edited behind the cache.");
    // ...until a request on A revalidates the survey's tags, which reaches B through Redis.
    expect((await vote(a, surveyId, voters[0].id)).status).toBe(200);
    const pageMs = await within(2000, async () => (await pageVotes(b, surveyId)).total === 1);
    const listMs = await within(2000, async () => (await listVotes(b, title)).total === 1);
    expect((await pageVotes(b, surveyId)).html).toContain("Edited behind the cache.");
    console.log(`vote on A visible on B: page after ${pageMs} ms, list after ${listMs} ms`);
  });

  it("an unpublish through A removes the survey from B's pages at once, and a republish brings it back", async () => {
    expect((await listVotes(b, title)).html).toContain(title);
    const setStatus = (status: "publish" | "unpublish") =>
      fetch(`${a.url}/api/update_survey_status`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiToken(adminId)}`, "content-type": "application/json" },
        body: JSON.stringify({ id: surveyId, status, feedbackMessage: "Removed by the two-server test." }),
      });
    // Next writes a route's tag invalidations to the shared cache just after its response (waitUntil),
    // so B sees them a moment later: poll, and print how long it took.
    const until = async (check: () => Promise<boolean>) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > 2000) throw new Error("not seen on B within 2 s");
        await new Promise((r) => setTimeout(r, 25));
      }
      return Date.now() - started;
    };
    expect((await setStatus("unpublish")).status).toBe(200);
    const gone = await until(async () => (await fetch(`${b.url}/survey/details/${surveyId}`)).status === 404);
    expect((await listVotes(b, title)).html).not.toContain(title);
    expect((await setStatus("publish")).status).toBe(200);
    const back = await until(async () => (await fetch(`${b.url}/survey/details/${surveyId}`)).status === 200);
    expect((await listVotes(b, title)).html).toContain(title);
    console.log(`unpublish through A seen on B after ${gone} ms, republish after ${back} ms`);
  });

  it("a role change through A applies on B's next request", async () => {
    const person = voters[1];
    const me = async (s: Server) => (await (await fetch(`${s.url}/api/me`, { headers: { authorization: `Bearer ${apiToken(person.id)}` } })).json()) as { role?: string; user?: { role: string } };
    const roleOf = (body: { role?: string; user?: { role: string } }) => body.role ?? body.user?.role;
    expect(roleOf(await me(b))).toBe("user");
    const res = await fetch(`${a.url}/api/update_role`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken(adminId)}`, "content-type": "application/json" },
      body: JSON.stringify({ id: person.id, role: "surveyor" }),
    });
    expect(res.status).toBe(200);
    expect(roleOf(await me(b))).toBe("surveyor");
  });

  it("a sign-in throttle counted on A holds on B", async () => {
    const person = voters[2];
    const signIn = async (s: Server, password: string) => {
      const csrf = await fetch(`${s.url}/api/auth/csrf`);
      const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const { csrfToken } = await csrf.json();
      return fetch(`${s.url}/api/auth/callback/credentials`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: person.email, password, csrfToken }),
      });
    };
    expect((await signIn(b, "ops-password-1")).status).toBe(302);
    for (let i = 0; i < 10; i++) expect((await signIn(a, `wrong-${i}`)).status).not.toBe(429);
    expect((await signIn(b, "ops-password-1")).status).toBe(429);
  });

  it("keeps answering correctly from the database while Redis is down, and uses it again when it returns", async () => {
    await stopRedis();
    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/health/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: "degraded", checks: { database: "ok", redis: "unavailable" } });
    }
    const before = (await pageVotes(b, surveyId)).total;
    const started = Date.now();
    expect((await vote(a, surveyId, voters[3].id)).status).toBe(200);
    expect((await pageVotes(b, surveyId)).total).toBe(before + 1);
    expect((await listVotes(a, title)).total).toBe(before + 1);
    for (const path of ["/", "/surveys", "/about", "/api/get_features_surveys"]) {
      expect((await fetch(`${b.url}${path}`)).status).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(10_000);

    await startRedis();
    await within(10_000, async () => (await (await fetch(`${a.url}/api/health/ready`)).json()).status === "ready");
    await within(10_000, async () => (await (await fetch(`${b.url}/api/health/ready`)).json()).status === "ready");
    expect((await pageVotes(b, surveyId)).total).toBe(before + 1);
    expect((await vote(a, surveyId, voters[4].id)).status).toBe(200);
    await within(2000, async () => (await pageVotes(b, surveyId)).total === before + 2);
    expect(redisKeys().length).toBeGreaterThan(0);
  });

  it("keeps every acknowledged vote after kill -9 in a vote storm, counters equal to rows", async () => {
    const target = { url: database.url };
    const surveyIds = await openSurveyIds(target, 3);
    const acknowledged = await crashMidStorm(a, surveyIds, voters.slice(5));
    expect(acknowledged.length).toBeGreaterThan(10);
    a = await startServer(3521, env);
    expect((await fetch(`${a.url}/api/health/ready`)).status).toBe(200);
    const result = await checkVotes(target, acknowledged, surveyIds);
    expect(result.missing).toEqual([]);
    expect(result.mismatched).toEqual([]);
    console.log(`PostgreSQL kill -9: ${acknowledged.length} votes acknowledged, ${result.rows} rows after restart`);
  });

  it("stops both servers cleanly", async () => {
    expect(await Promise.all([stopServer(a), stopServer(b)])).toEqual([0, 0]);
  });
});
