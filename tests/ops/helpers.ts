// Starting and stopping real production servers for the ops tests, the way docs/operations.md and a
// supervisor run them: `npm start` (which execs `node server/index.mjs`), signalled through npm.
import { spawn, execFileSync, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { hashPassword } from "@/lib/auth/password";
import { openDatabase, queryRows } from "@/lib/db/client";
import { users } from "@/models";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SECRET = "ops-test-secret-not-used-anywhere-else-0123456789";
export const hasBuild = fs.existsSync(path.join(ROOT, ".next/BUILD_ID"));
export const PG_URL = process.env.TEST_DATABASE_URL;

export type Server = {
  port: number;
  url: string;
  lines: string[];
  /** The process a supervisor holds: `npm start`. */
  child: ChildProcess;
  /** The node server process itself (npm's child). */
  serverPid: number;
  exited: Promise<number | null>;
};

/** The processes whose parent is `pid` (from /proc, so no `ps` is needed). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function tempDir(name: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `opinex-${name}-`));
}

/** A server's environment; its admins need no second factor (they have none, whatever the database). */
export function baseEnv(extra: Record<string, string | undefined>) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...process.env, AUTH_SECRET: SECRET, DATABASE_URL: "", REDIS_URL: "", TRUSTED_PROXIES: "", REQUIRE_ADMIN_SECOND_FACTOR: "false", ...extra })) {
    if (v !== undefined) env[k] = v;
  }
  delete env.NODE_ENV;
  delete env.VITEST;
  return env;
}

export function seed(env: Record<string, string>) {
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: "pipe" });
}

export async function startServer(port: number, env: Record<string, string>, cwd = ROOT): Promise<Server> {
  const child = spawn("npm", ["start", "--silent"], { cwd, env: { ...env, PORT: String(port) } as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString()).split("\n");
      rest = parts.pop() ?? "";
      lines.push(...parts);
    });
  }
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}:\n${lines.join("\n")}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const [serverPid] = childrenOf(child.pid!);
  if (!serverPid) throw new Error("npm start has no server process");
  return { port, url, lines, child, serverPid, exited };
}

/** A signal to what a supervisor holds (npm), or SIGKILL: a crash of the server process itself. */
export async function stopServer(server: Server, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null) return server.child.exitCode;
  if (signal === "SIGKILL") crashServer(server);
  else server.child.kill(signal);
  return server.exited;
}

/** kill -9 of the node server process; npm, its parent, then exits too. */
export function crashServer(server: Server) {
  if (isAlive(server.serverPid)) process.kill(server.serverPid, "SIGKILL");
}

/** The API token of POST /api/jwt for a user id, signed with the servers' AUTH_SECRET. */
export function apiToken(userId: string) {
  const b64 = (v: string) => Buffer.from(v).toString("base64url");
  const iat = Math.floor(Date.now() / 1000);
  const data = `${b64(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64(JSON.stringify({ sub: userId, iss: "opinex-api", iat, exp: iat + 3600 }))}`;
  const key = createHmac("sha256", SECRET).update("opinex api token v1").digest();
  return `${data}.${createHmac("sha256", key).update(data).digest("base64url")}`;
}

/** Opens the database the servers use (while none runs, for PGlite), runs `fn`, closes it. */
export async function withDb<T>(target: { url?: string; dataDir?: string }, fn: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>) {
  const database = await openDatabase(target);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

export async function createVoters(target: { url?: string; dataDir?: string }, count: number, role: "user" | "admin" = "user") {
  const passwordHash = await hashPassword("ops-password-1");
  return withDb(target, async (db) => {
    const rows = Array.from({ length: count }, (_, i) => ({
      name: `Voter ${i}`,
      email: `ops-${randomBytes(6).toString("hex")}@example.test`,
      passwordHash,
      role,
    }));
    return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
  });
}

export async function openSurveyIds(target: { url?: string; dataDir?: string }, limit: number) {
  return withDb(target, async (db) =>
    (
      await queryRows<{ id: string }>(
        db,
        sql`select id from surveys where status = 'publish' and deadline > current_date order by created_at limit ${limit}`,
      )
    ).map((r) => r.id),
  );
}

export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `opinex_ops_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function vote(server: Server, surveyId: string, userId: string, value: "yes" | "no" = "yes") {
  return fetch(`${server.url}/api/vote/${surveyId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${apiToken(userId)}`, "content-type": "application/json" },
    body: JSON.stringify({ vote: value }),
  });
}

/** A storm of votes (each voter once on the survey) until `stopAfterMs`; returns the acknowledged ones. */
export async function voteStorm(server: Server, surveyIds: string[], voters: { id: string }[], concurrency: number) {
  const acknowledged: { surveyId: string; userId: string }[] = [];
  const jobs = voters.flatMap((v) => surveyIds.map((s) => ({ surveyId: s, userId: v.id })));
  let next = 0;
  let stop = false;
  const workers = Array.from({ length: concurrency }, async () => {
    while (!stop && next < jobs.length) {
      const job = jobs[next++];
      try {
        const res = await vote(server, job.surveyId, job.userId);
        if (res.status === 200) acknowledged.push(job);
      } catch {
        // the server died mid-request: not acknowledged
      }
    }
  });
  return { acknowledged, stop: () => (stop = true), done: Promise.all(workers) };
}

/** Kills the server with SIGKILL 2.5 s into a storm of votes; returns the votes it acknowledged before dying. */
export async function crashMidStorm(server: Server, surveyIds: string[], voters: { id: string }[]) {
  const storm = await voteStorm(server, surveyIds, voters, 16);
  await new Promise((r) => setTimeout(r, 2500));
  crashServer(server);
  storm.stop();
  await storm.done;
  await server.exited;
  return storm.acknowledged;
}

export async function checkVotes(target: { url?: string; dataDir?: string }, acknowledged: { surveyId: string; userId: string }[], surveyIds: string[]) {
  return withDb(target, async (db) => {
    const rows = await queryRows<{ survey_id: string; user_id: string }>(
      db,
      sql`select survey_id, user_id from votes where survey_id in (${sql.join(surveyIds.map((s) => sql`${s}`), sql`, `)})`,
    );
    const present = new Set(rows.map((r) => `${r.survey_id}/${r.user_id}`));
    const missing = acknowledged.filter((a) => !present.has(`${a.surveyId}/${a.userId}`));
    const mismatched = await queryRows<{ id: string }>(
      db,
      sql`select s.id from surveys s where s.yes_count + s.no_count <> (select count(*) from votes v where v.survey_id = s.id)`,
    );
    return { missing, mismatched, rows: rows.length };
  });
}
