// npm run db:restore FILE: restore a file from `npm run db:backup` into DATA_DIR, which must not
// hold a database yet (move the old folder away first: a restore never overwrites one).
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "@/lib/db/lock";

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("Usage: npm run db:restore FILE   (a .tar.gz made by npm run db:backup)");
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error("DATABASE_URL is set: restore a PostgreSQL server with pg_restore (see docs/operations.md, Backups).");
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || ".data");
  const pgdata = path.join(dataDir, "pgdata");
  if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) {
    throw new Error(`${dataDir} already holds a database. Stop the server, move that folder away (or set DATA_DIR to a new one) and run the restore again.`);
  }
  const bytes = fs.readFileSync(path.resolve(file));
  const release = lockDataDir(dataDir);
  try {
    const db = new PGlite(pgdata, { loadDataDir: new Blob([bytes]) });
    const [{ surveys, users }] = (
      await db.query<{ surveys: number; users: number }>("select (select count(*)::int from surveys) as surveys, (select count(*)::int from users) as users")
    ).rows;
    await db.close();
    console.log(`Restored ${file} into ${dataDir}: ${surveys} surveys, ${users} accounts.`);
  } finally {
    release();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
