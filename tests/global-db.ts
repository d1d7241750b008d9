// Once per vitest run: one database migrated as a template, so that each test file starts from a
// copy of it (tests/setup-db.ts) instead of creating and migrating its own. A new embedded database
// takes seconds to initialise and migrate; copying its folder, or creating a server database from a
// template, takes a fraction of that, and a hundred files do it.
//
// The embedded folders (the template and each file's copy, 40 MB in 1,100 files) live in memory when
// the machine has room there (/dev/shm, a tmpfs): a copy to disk and its removal took 1.5-2 s of
// kernel time per test file on this machine (journal and page writes), in memory under 0.1 s. They are
// all in one folder of the run, removed whole when the run ends: a file whose tests are all skipped runs
// no afterAll, and a worker that dies runs none, and memory is not a disk to leave 40 MB behind on.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template: a database name on TEST_DATABASE_URL's server, or an embedded data folder. */
    databaseTemplate: string;
    /** The run's folder, where each test file's copy of an embedded template goes (removed with the run). */
    databaseScratch: string;
  }
}

/** A memory-backed folder with room for the template and the copies of both workers, else the system's temporary folder. */
function scratchFolder(): string {
  const shm = "/dev/shm";
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync(shm);
    if (bavail * bsize >= 2 * 1024 ** 3) return shm;
  } catch {
    // No /dev/shm here (not Linux, or a container without it).
  }
  return os.tmpdir();
}

async function onServer(serverUrl: string, query: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const env: NodeJS.ProcessEnv = { ...process.env, AUTH_SECRET: randomBytes(32).toString("base64url") };
  delete env.DATABASE_URL;
  delete env.DATA_DIR;
  let scratch = "";
  let template: string;
  let remove: () => Promise<void>;
  if (serverUrl) {
    template = `opinex_template_${randomBytes(6).toString("hex")}`;
    await onServer(serverUrl, `create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    env.DATABASE_URL = url.toString();
    remove = () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
  } else {
    scratch = fs.mkdtempSync(path.join(scratchFolder(), "opinex-vitest-"));
    template = path.join(scratch, "template");
    fs.mkdirSync(template);
    env.DATA_DIR = template;
    remove = async () => fs.rmSync(scratch, { recursive: true, force: true });
  }
  // The same migrations the app runs, by the same script an operator runs (`npm run db:migrate`).
  try {
    execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/migrate.ts"], { env, stdio: "inherit" });
  } catch (error) {
    await remove();
    throw error;
  }
  project.provide("databaseTemplate", template);
  project.provide("databaseScratch", scratch);
  return remove;
}
