/** Tag revalidations Next's cache applied: all of them, and those that expired entries. */
export type CacheEvents = { revalidations: number; expirations: number };
/**
 * The process-wide services, each kept here by the module that makes it (typed there): nothing else is
 * kept on the process's global object.
 */
export type Services = {
  /** lib/db/index.ts: the database, opened and migrated on first use. */
  database?: Promise<unknown>;
  /** lib/cache/redis.mjs: the one Redis connection (REDIS_URL), and how it is doing. */
  redis?: unknown;
  redisState?: unknown;
  /** lib/live/bus.ts: whether the live results' subscription to the other servers' votes is up. */
  liveSubscription?: unknown;
  /** lib/metrics.mjs: the Prometheus registry and the product's metrics. */
  metrics?: unknown;
  /** lib/live/streams.ts: the live results hub and its open streams. */
  live?: unknown;
  /** lib/jobs/runner.ts: the scheduled jobs' runner. */
  jobs?: unknown;
};
export type Runtime = {
  server: string | null;
  stopping: boolean;
  stoppers: Map<string, () => void>;
  closers: Map<string, () => Promise<void>>;
  logged: Set<string>;
  cacheEvents: CacheEvents;
  services: Services;
};
export function runtime(): Runtime;
export function onShutdown(name: string, close: () => Promise<void>): void;
export function onStopping(name: string, stop: () => void): void;
