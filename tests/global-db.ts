// Once per vitest run: one database migrated as a template, so that each test file starts from a
// copy of it (tests/setup-db.ts) instead of creating and migrating its own. A new embedded database
// takes seconds to initialise and migrate; copying its folder, or creating a server database from a
// template, takes a fraction of that, and a hundred files do it.
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
  }
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
    template = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-template-"));
    env.DATA_DIR = template;
    remove = async () => fs.rmSync(template, { recursive: true, force: true });
  }
  // The same migrations the app runs, by the same script an operator runs (`npm run db:migrate`).
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/migrate.ts"], { env, stdio: "inherit" });
  project.provide("databaseTemplate", template);
  return remove;
}
