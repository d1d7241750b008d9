// npm run db:backup [FILE]: a consistent copy of the embedded database (DATA_DIR) as one
// .tar.gz file. PGlite is single-process, so the server must be stopped first (the lock on DATA_DIR
// says so clearly). For a PostgreSQL server use pg_dump (docs/operations.md, "Backups").
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "@/lib/db/lock";

async function main() {
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error("DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see docs/operations.md, Backups).");
  }
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || ".data");
  const pgdata = path.join(dataDir, "pgdata");
  if (!fs.existsSync(pgdata)) throw new Error(`There is no embedded database in ${dataDir}.`);
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.resolve(process.argv[2] ?? path.join("backups", `opinex-${stamp}.tar.gz`));
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    throw new Error(`${(error as Error).message}\nThe embedded database can only be backed up while the server is stopped: stop it (SIGTERM), run npm run db:backup, start it again.`);
  }
  try {
    const db = new PGlite(pgdata);
    const [{ count }] = (await db.query<{ count: number }>("select count(*)::int as count from surveys")).rows;
    const dump = await db.dumpDataDir("gzip");
    await db.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    console.log(`Backed up ${dataDir} (${count} surveys) to ${file}`);
  } finally {
    release();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
