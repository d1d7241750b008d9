// Each test file gets its own fresh, migrated database: a new database on the PostgreSQL server
// named by TEST_DATABASE_URL, or else an embedded PGlite in a temporary folder. Both are copies of
// the run's migrated template (tests/global-db.ts; in memory when the machine has room); opening one
// still runs the (already applied) migrations, as the app does.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { afterAll, inject } from "vitest";
import { runtime } from "@/lib/runtime.mjs";

const serverUrl = process.env.TEST_DATABASE_URL;
const template = inject("databaseTemplate");
const scratch = inject("databaseScratch");
let cleanup: () => Promise<void>;

process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
delete process.env.DATABASE_URL;
// The suite's admins have no second factor; on the PostgreSQL server (DATABASE_URL set below) the
// production default would refuse them. The requirement has tests of its own, which turn it on.
process.env.REQUIRE_ADMIN_SECOND_FACTOR ??= "false";

if (serverUrl) {
  const name = `opinex_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
} else {
  // In the run's folder, which the run removes whole (tests/global-db.ts) even if this file's afterAll never runs.
  const dir = fs.mkdtempSync(path.join(scratch, "file-"));
  fs.cpSync(template, dir, { recursive: true });
  process.env.DATA_DIR = dir;
  cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
}

afterAll(async () => {
  const holder = runtime().services as { database?: Promise<{ close: () => Promise<void> }> };
  if (holder.database) await (await holder.database).close();
  holder.database = undefined;
  await cleanup();
});
