// Runs once when the server starts: validate the configuration and open (and migrate) the database,
// so a misconfigured deployment stops at start-up with a clear message instead of at the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // The client address, HSTS, the refusals of malformed requests, the CSP script hashes and the
  // drain on SIGTERM live in the production server (server/): a production app started any other
  // way (`next start`, a standalone build) would serve without them, so it does not serve at all.
  const { runtime } = await import("@/lib/runtime.mjs");
  if (process.env.NODE_ENV === "production" && !runtime().server) {
    console.error("\nThis production build must be served by its own server: run `npm start` (node server/index.mjs), not `next start`.\n");
    process.exit(1);
  }
  const { getDatabase } = await import("@/lib/db");
  try {
    await getDatabase();
    // With a shared cache, connect to Redis now rather than on the first request (it retries in
    // the background if Redis is away: the server starts and serves from the database meanwhile).
    if (process.env.REDIS_URL) (await import("@/lib/cache/redis.mjs")).getRedis();
    // This server's scheduled jobs (lib/jobs/registry.ts: mail delivery, the close job, housekeeping;
    // every server runs them, and none does twice what another did). Stopped before the database
    // closes when the server drains, after the runs in flight.
    const [{ startJobs }, { onShutdown }] = await Promise.all([import("@/lib/jobs/registry"), import("@/lib/shutdown")]);
    onShutdown("jobs", startJobs());
  } catch (error) {
    console.error(`\n${(error as Error).message}\n`);
    process.exit(1);
  }
}
