// Next's incremental cache of one server without Redis: Next's own handler (pages and data in its
// bounded in-memory store, build-time pages from disk), which also counts the tag revalidations it
// applies. The production server keeps the bytes of pages Next answered from this cache and answers
// them again itself (server/page-gzip.mjs) only as Next would: a fresh copy while no count has moved,
// a stale one while Next refreshes it after a tag was marked stale (a vote), never one after a tag
// expired its entries (an edit, an unpublish). The counts move once Next has applied the change, never
// before. Used only when REDIS_URL is not set (cache-handler.mjs otherwise: lib/cache/handler-choice.mjs).
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { countRevalidation } from "./cache-counts.mjs";

// A CommonJS module: Node's import gives its exports object, a bundler (the tests) the class itself.
/** @type {typeof import("next/dist/server/lib/incremental-cache/file-system-cache.js").default} */
const NextFileSystemCache = /** @type {any} */ (fileSystemCache).default ?? fileSystemCache;

export default class MemoryCacheHandler extends NextFileSystemCache {
  /**
   * Next marks the tags stale now and, as Next's handler reads `durations`, expires their entries now
   * (no durations, or `expire: 0`), later (`expire` seconds), or never (no `expire`).
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations]
   */
  async revalidateTag(tags, durations) {
    try {
      return await super.revalidateTag(tags, durations);
    } finally {
      countRevalidation(durations ? durations.expire : 0);
    }
  }
}
