// npm run db:migrate: apply the migrations in drizzle/ to the configured database, then exit. Run it
// once before starting (or upgrading) several app servers, so they do not all migrate at once.
import { openDatabase } from "@/lib/db/client";
import { getEnv } from "@/lib/env";

try {
  const env = getEnv();
  const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
  await database.close();
  console.log("Migrations applied.");
} catch (error) {
  const cause = (error as Error & { cause?: Error }).cause;
  console.error(`${(error as Error).message}${cause ? `\n${cause.message}` : ""}`);
  process.exit(1);
}
