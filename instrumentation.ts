// Runs once when the server starts: validate the configuration and open (and migrate) the database,
// so a misconfigured deployment stops at start-up with a clear message instead of at the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { getDatabase } = await import("@/lib/db");
  try {
    await getDatabase();
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
