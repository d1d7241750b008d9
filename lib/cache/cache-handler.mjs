// Next's incremental cache (rendered pages, route responses, `unstable_cache` data and their tags)
// in Redis, shared by every app server, through @fortedigital/nextjs-cache-handler (see docs/operations.md,
// "Running in production"). Used only when REDIS_URL is set (lib/cache/handler-choice.mjs).
//
// Only Redis, no local copy in front of it: a local copy could not hear another server's
// `revalidateTag`. While Redis is away each lookup fails at once (no offline queue, 500 ms command
// timeout) and counts as a miss, so pages are rendered from the database: slower, never wrong.
import { CacheHandler } from "@fortedigital/nextjs-cache-handler";
import createRedisHandler from "@fortedigital/nextjs-cache-handler/redis-strings";
import { shareExpiration } from "./cache-events.mjs";
import { CACHE_PREFIX, getRedis } from "./redis.mjs";

CacheHandler.onCreation(({ buildId }) => {
  const client = getRedis();
  if (!client) throw new Error("The Redis cache handler needs REDIS_URL");
  return {
    handlers: [
      createRedisHandler({
        client,
        // Each build has its own entries: a page rendered by an older build names JavaScript chunks
        // that a newer build does not serve.
        keyPrefix: `${CACHE_PREFIX}${buildId ?? "dev"}:`,
        timeoutMs: 500,
        keyExpirationStrategy: "EXAT",
      }),
    ],
  };
});

/**
 * The shared cache, telling every server of each tag it expired once Redis has it (lib/cache/cache-events.mjs):
 * they answer the pages they kept without Next only while nothing expired since.
 */
export default class SharedCacheHandler extends CacheHandler {
  /** @param {string | string[]} tags */
  async revalidateTag(tags) {
    try {
      return await super.revalidateTag(tags);
    } finally {
      shareExpiration();
    }
  }
}
