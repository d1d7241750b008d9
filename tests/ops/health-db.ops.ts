// Readiness follows the database: a server on PostgreSQL reached through a TCP relay that the test
// cuts and restores. 503 while the database is unreachable, 200 again once it answers.
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PG_URL, ROOT, baseEnv, createPgDatabase, hasBuild, seed, startServer, stopServer, tempDir, withDb, type Server } from "./helpers";

const RELAY_PORT = 3591;
const runnable = hasBuild && Boolean(PG_URL);
if (!runnable) console.warn("tests/ops/health-db: skipped (needs a production build and TEST_DATABASE_URL); .ci/run provides them.");

function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  return {
    open: () =>
      new Promise<void>((resolve) => {
        server = net.createServer((client) => {
          const upstream = net.connect(Number(target.port || 5432), target.hostname);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on("close", () => sockets.delete(s));
            s.on("error", () => s.destroy());
          }
          client.pipe(upstream).pipe(client);
        });
        server.listen(RELAY_PORT, "127.0.0.1", resolve);
      }),
    cut: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server!.close(() => resolve());
      }),
  };
}

describe.skipIf(!runnable)("readiness on PostgreSQL", () => {
  let database: { url: string; drop: () => Promise<void> };
  let server: Server;
  let link: ReturnType<typeof relay>;

  beforeAll(async () => {
    database = await createPgDatabase();
    const direct = new URL(database.url);
    link = relay(direct);
    await link.open();
    const relayed = new URL(database.url);
    relayed.hostname = "127.0.0.1";
    relayed.port = String(RELAY_PORT);
    const env = baseEnv({ DATABASE_URL: relayed.toString() });
    // The order of docs/operations.md: migrations once, then the servers.
    // Not execFileSync: the relay runs in this process and must keep forwarding meanwhile.
    const run = (script: string) =>
      promisify(execFile)("npm", ["run", "--silent", script], { cwd: ROOT, env: env as unknown as NodeJS.ProcessEnv, encoding: "utf8" });
    expect((await run("db:migrate")).stdout).toContain("Migrations applied.");
    await run("db:seed");
    server = await startServer(3531, env);
  });
  afterAll(async () => {
    if (server) await stopServer(server, "SIGKILL");
    await link?.cut().catch(() => {});
    await database?.drop();
  });

  it("is 503 while the database is unreachable and 200 when it is back; liveness stays 200", async () => {
    expect((await fetch(`${server.url}/api/health/ready`)).status).toBe(200);
    await link.cut();
    const down = await fetch(`${server.url}/api/health/ready`);
    expect(down.status).toBe(503);
    expect(down.headers.get("cache-control")).toContain("no-store");
    const body = await down.text();
    expect(JSON.parse(body)).toEqual({ status: "unavailable", checks: { database: "unavailable", migrations: "unknown", redis: "not configured", stopping: false } });
    expect(body).not.toMatch(/opinex_ci|postgres:|5432|3591/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    await link.open();
    const started = Date.now();
    while ((await fetch(`${server.url}/api/health/ready`)).status !== 200) {
      expect(Date.now() - started).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await stopServer(server)).toBe(0);
  });
});

describe.skipIf(!runnable)("backups of a PostgreSQL server (docs/operations.md commands)", () => {
  it("pg_dump and pg_restore round-trip the demo data into a new database", async () => {
    const source = await createPgDatabase();
    const copy = await createPgDatabase();
    try {
      seed(baseEnv({ DATABASE_URL: source.url }));
      const file = `${tempDir("pgdump")}/opinex.dump`;
      execFileSync("pg_dump", ["--format=custom", "--no-owner", `--file=${file}`, source.url]);
      execFileSync("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${copy.url}`, file]);
      const snapshot = (url: string) =>
        withDb({ url }, async (db) => ({
          surveys: await queryRows(db, sql`select id, title, yes_count, no_count, status from surveys order by id`),
          users: await queryRows(db, sql`select id, email, role, password_hash from users order by id`),
          votes: await queryRows(db, sql`select survey_id, user_id, vote from votes order by survey_id, user_id`),
        }));
      const original = await snapshot(source.url);
      expect(original.surveys.length).toBeGreaterThan(0);
      expect(await snapshot(copy.url)).toEqual(original);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    } finally {
      await source.drop();
      await copy.drop();
    }
  });
});
