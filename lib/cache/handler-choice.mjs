// Which of Next's cache handlers a server uses, decided by REDIS_URL when the server starts, so one
// build serves both setups. next.config.ts applies it for `next dev` and `next build`; the production
// server applies it over the configuration the build serialised (server/next-config.mjs), which would
// otherwise carry the choice made at build time.
import path from "node:path";

// Next's own default for its in-memory store (50 MB, least recently used), named here because the
// production server sets it back when the build was made with Redis.
const NEXT_DEFAULT_CACHE_BYTES = 50 * 1024 * 1024;

/**
 * With a Redis URL, every app server keeps Next's cache in that one Redis (lib/cache/cache-handler.mjs),
 * with no per-server copy in front of it: that copy would not hear the other servers' revalidations.
 * Without it, Next's own bounded in-memory store, through a handler that also counts its tag
 * revalidations for the server's kept pages (lib/cache/memory-cache-handler.mjs).
 * @param {{ redisUrl?: string, dir: string }} options
 * @returns {{ cacheHandler: string, cacheMaxMemorySize: number }}
 */
export function cacheHandlerConfig({ redisUrl, dir }) {
  if (redisUrl?.trim()) return { cacheHandler: path.resolve(dir, "lib/cache/cache-handler.mjs"), cacheMaxMemorySize: 0 };
  return { cacheHandler: path.resolve(dir, "lib/cache/memory-cache-handler.mjs"), cacheMaxMemorySize: NEXT_DEFAULT_CACHE_BYTES };
}
