// Next's incremental cache of one server without Redis: Next's own handler (pages and data in its
// bounded in-memory store, build-time pages from disk), which also counts the tag revalidations it
// applies. The production server keeps the bytes of the pages Next answered from this cache and
// answers them again itself only while that count has not moved (server/page-gzip.mjs): the count
// moves the moment Next marks a tag stale or expired, never before, so a kept page is never served
// after an edit, an unpublish or a vote that Next itself would not serve it after.
// next.config.mjs uses this module only when REDIS_URL is not set (cache-handler.mjs otherwise).
import fileSystemCache from "next/dist/server/lib/incremental-cache/file-system-cache.js";
import { runtime } from "../runtime.mjs";

// A CommonJS module: Node's import gives its exports object, a bundler (the tests) the class itself.
/** @type {typeof import("next/dist/server/lib/incremental-cache/file-system-cache.js").default} */
const NextFileSystemCache = /** @type {any} */ (fileSystemCache).default ?? fileSystemCache;

export default class MemoryCacheHandler extends NextFileSystemCache {
  /**
   * @param {string | string[]} tags
   * @param {{ expire?: number }} [durations]
   */
  async revalidateTag(tags, durations) {
    try {
      return await super.revalidateTag(tags, durations);
    } finally {
      runtime().revalidations++;
      // An expiry in the future turns the tags' entries expired later without another call.
      const expire = durations?.expire;
      if (typeof expire === "number" && expire > 0) setTimeout(() => runtime().revalidations++, expire * 1000).unref();
    }
  }
}
