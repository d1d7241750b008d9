// A production server of this checkout (or another one's) on a throwaway embedded database seeded
// with the demo data, for the scripts that measure or photograph the product (bench/, screenshots):
// seeded with scripts/seed.ts, started the way a supervisor starts it (`npm start`), stopped with
// SIGTERM, its folder removed.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Waits until `url` answers 2xx (4 minutes at most). */
export async function waitFor(url) {
  for (let i = 0; i < 960; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

/** The environment of a production server on `port` over the embedded database in `dataDir`. */
export function serverEnv({ port, dataDir, extra = {} }) {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: "",
    REDIS_URL: "",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    AUTH_URL: `http://localhost:${port}`,
    PORT: String(port),
    LOG_LEVEL: "error",
    ...extra,
    DATA_DIR: dataDir,
  };
}

/**
 * Seeds a fresh DATA_DIR; `serve()` then starts the server on it (so a caller can add rows first,
 * while nothing holds the folder) and `stop()` ends it and removes the folder.
 * @param {{ name: string, port: number, env?: Record<string, string>, appDir?: string }} options
 */
export function throwawayServer({ name, port, env: extra = {}, appDir = process.cwd() }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `opinex-${name}-`));
  const base = `http://localhost:${port}`;
  const env = serverEnv({ port, dataDir, extra });
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { cwd: appDir, env, stdio: "ignore" });
  let child = null;
  return {
    base,
    env,
    dataDir,
    async serve() {
      child = spawn("npm", ["start", "--silent"], { cwd: appDir, env, stdio: ["ignore", "ignore", "inherit"] });
      await waitFor(`${base}/api/health/ready`);
    },
    async stop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(30_000)]);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
