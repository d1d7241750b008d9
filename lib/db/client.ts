import { execFile } from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { Worker } from "node:worker_threads";
import { promisify } from "node:util";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import { metrics } from "@/lib/metrics.mjs";
import * as schema from "@/models";
import { lockDataDir } from "./lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Database = { db: Db; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "drizzle");

/**
 * Opens and migrates a database: a PostgreSQL server when `url` is given, else the embedded PGlite
 * persisted in `dataDir` (locked against a second process), else an in-memory PGlite. Both speak to
 * the app through the same driver (`pg`); the embedded one runs in a thread of its own.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) {
    // pg's connectionTimeoutMillis bounds both opening a connection and waiting for a free one of the
    // ten. A burst (2,000 votes at once) queues for longer than 5 s on a loaded machine, and a queued
    // request must wait its turn rather than fail with a 500; a server that does not answer is still
    // reported within seconds by the readiness check, which has its own timeout (lib/health.ts).
    return connect(new Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 20_000 }), async () => {});
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const embedded = await startEmbedded(options.dataDir);
    // PGlite is one session: the pool holds one connection, kept open (no idle timeout), and requests
    // queue for it as they queued for PGlite's own lock when it ran on the main thread.
    const pool = new Pool({ host: embedded.socketDir, port: EMBEDDED_PORT, user: "postgres", database: "postgres", max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 60_000 });
    return await connect(pool, async () => {
      await embedded.close();
      release();
    });
  } catch (error) {
    release();
    throw error;
  }
}

/** Drizzle on a pool, migrated; `after` runs once the pool has ended. */
async function connect(pool: Pool, after: () => Promise<void>): Promise<Database> {
  // An idle connection dropped by the server (a restart, a failover, an administrator) must not
  // take the process down: the pool replaces it on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
  const { pools } = metrics();
  pools.add(pool);
  const db = drizzlePg(pool, { schema });
  const close = async () => {
    pools.delete(pool);
    await pool.end();
    await after();
  };
  try {
    await migrate(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: db as unknown as Db, close };
}

const EMBEDDED_PORT = 5432;
const WORKER_FILE = path.join(process.cwd(), "lib/db/pglite-worker.mjs");

/**
 * PGlite in a worker thread (lib/db/pglite-worker.mjs), serving the PostgreSQL protocol on a Unix
 * socket in a private temporary folder: its queries never run on the thread that answers requests.
 */
async function startEmbedded(dataDir?: string) {
  if (dataDir && !fs.existsSync(path.join(dataDir, "pgdata", "PG_VERSION"))) await createEmbedded(dataDir);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-pglite-"));
  fs.chmodSync(socketDir, 0o700);
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, socketDir, port: EMBEDDED_PORT } });
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  const next = () =>
    new Promise<{ ready?: true; closed?: true; error?: string }>((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`The embedded database stopped (exit code ${code}).`));
      worker.once("exit", onExit);
      worker.once("message", (message) => {
        worker.off("exit", onExit);
        resolve(message);
      });
    });
  const started = await next().catch((error: Error) => ({ error: error.message }));
  if (!("ready" in started)) {
    await worker.terminate();
    removeSocketDir();
    throw new Error(`The embedded database could not start: ${started.error}`);
  }
  const { threads } = metrics();
  threads.add(worker);
  return {
    socketDir,
    close: async () => {
      threads.delete(worker);
      const closed = next().catch(() => undefined);
      worker.postMessage("close");
      await closed;
      await worker.terminate();
      removeSocketDir();
    },
  };
}

/**
 * Creates a new database folder in a process of its own (lib/db/pglite-worker.mjs run as a script).
 * PostgreSQL's initdb inside PGlite grows the WebAssembly memory to about 460 MB, and a WebAssembly
 * memory never shrinks: created by the serving worker, that memory stayed with the server for good
 * (docs/performance.md#memory).
 */
async function createEmbedded(dataDir: string) {
  try {
    await promisify(execFile)(process.execPath, [WORKER_FILE, dataDir]);
  } catch (error) {
    const reason = (error as { stderr?: string }).stderr?.trim() || (error as Error).message;
    throw new Error(`The embedded database could not be created in ${dataDir}: ${reason}`);
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: Parameters<Db["execute"]>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
