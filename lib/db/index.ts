import "server-only";
import { getEnv } from "@/lib/env";
import { onShutdown } from "@/lib/shutdown";
import { openDatabase, type Database, type Db } from "./client";

export type { Db, Tx } from "./client";

const globalForDb = globalThis as unknown as { opinexDb?: Promise<Database> };

/** The process's one database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  if (!globalForDb.opinexDb) {
    const env = getEnv();
    globalForDb.opinexDb = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    globalForDb.opinexDb.catch(() => {
      globalForDb.opinexDb = undefined;
    });
  }
  return globalForDb.opinexDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * Closes the database once the server has drained: PGlite checkpoints and releases the DATA_DIR
 * lock, the pg pool ends its connections. Later calls open it again.
 */
export async function closeDatabase() {
  const opening = globalForDb.opinexDb;
  globalForDb.opinexDb = undefined;
  const database = await opening?.catch(() => undefined);
  await database?.close();
}

onShutdown("database", closeDatabase);
