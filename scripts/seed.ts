// npm run db:seed: migrate the configured database and fill it with demo data (idempotent).
// npm run db:seed -- --scale: the demo data and the large dataset on top (scripts/scale-seed.ts).
import { openDatabase } from "@/lib/db/client";
import { demoAccounts, DEMO_PASSWORD, seedDemoData } from "./demo-seed";
import { seedScaleData } from "./scale-seed";
import { getEnv } from "@/lib/env";

const scale = process.argv.includes("--scale");
let database;
try {
  const env = getEnv();
  database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
try {
  const wrote = await seedDemoData(database.db);
  console.log(wrote ? "Seeded the demo data." : "Demo data already present; nothing changed.");
  if (scale) {
    const started = performance.now();
    const added = await seedScaleData(database.db, (line) => console.log(`  ${line}`));
    console.log(
      added
        ? `Seeded the large dataset in ${((performance.now() - started) / 1000).toFixed(0)} s.`
        : "The large dataset is already present; nothing changed.",
    );
  }
  console.log(`Demo accounts (password "${DEMO_PASSWORD}"):`);
  for (const a of demoAccounts) console.log(`  ${a.role.padEnd(9)} ${a.email}`);
} finally {
  await database.close();
}
