import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import * as schema from "@/models";
import { lockDataDir } from "./lock";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Database = { db: Db; close: () => Promise<void> };

const migrationsFolder = path.join(process.cwd(), "drizzle");

/**
 * Opens and migrates a database: a PostgreSQL server when `url` is given, else PGlite persisted in
 * `dataDir` (locked against a second process), else an in-memory PGlite (tests).
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) {
    // pg's connectionTimeoutMillis bounds both opening a connection and waiting for a free one of the
    // ten. A burst (2,000 votes at once) queues for longer than 5 s on a loaded machine, and a queued
    // request must wait its turn rather than fail with a 500; a server that does not answer is still
    // reported within seconds by the readiness check, which has its own timeout (lib/health.ts).
    const pool = new Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 20_000 });
    // An idle connection dropped by the server (a restart, a failover, an administrator) must not
    // take the process down: the pool replaces it on the next query.
    pool.on("error", (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, close: () => pool.end() };
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    // Durability: PGlite's PostgreSQL commits with synchronous_commit=on, so a commit's WAL is written
    // (Emscripten's NODEFS: a synchronous write(2) into the file) before the query answers; it runs
    // with fsync=off, so an acknowledged write survives the process being killed (kill -9, a crash)
    // but not the machine losing power. tests/ops/kill9.ops.test.ts proves the first.
    const client = options.dataDir ? new PGlite(path.join(options.dataDir, "pgdata")) : new PGlite();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: Parameters<Db["execute"]>[0]): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
