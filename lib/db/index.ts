import "server-only";
import { getEnv } from "@/lib/env";
import { runtime } from "@/lib/runtime.mjs";
import { onShutdown } from "@/lib/shutdown";
import { openDatabase, type Database, type Db } from "./client";

export type { Db, Tx } from "./client";

// Kept on the process-wide seam: Next loads this module in more than one bundle.
const globalForDb = runtime().services as { database?: Promise<Database> };

/** The process's one database, opened and migrated on first use. */
export function getDatabase(): Promise<Database> {
  if (!globalForDb.database) {
    const env = getEnv();
    globalForDb.database = openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    globalForDb.database.catch(() => {
      globalForDb.database = undefined;
    });
  }
  return globalForDb.database;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/**
 * Closes the database once the server has drained: PGlite checkpoints and releases the DATA_DIR
 * lock, the pg pool ends its connections. Later calls open it again.
 */
export async function closeDatabase() {
  const opening = globalForDb.database;
  globalForDb.database = undefined;
  const database = await opening?.catch(() => undefined);
  await database?.close();
}

onShutdown("database", closeDatabase);
