// How many tag revalidations and expirations Next's cache has applied in this process
// (`runtime().cacheEvents`): what the production server's kept pages are checked against
// (server/page-gzip.mjs). Apart from lib/cache/cache-events.mjs so that a server without Redis never
// loads its client.
import { runtime } from "../runtime.mjs";

/** Counts an expiration (which also makes every tag's pages stale). */
export function expired() {
  const events = runtime().cacheEvents;
  events.revalidations++;
  events.expirations++;
}

/**
 * Counts a tag revalidation Next's cache applied: the tags marked stale now and, as Next's own handler
 * reads `expire`, their entries expired now (0), later (that many seconds), or never (undefined).
 * @param {number | undefined} expire
 */
export function countRevalidation(expire) {
  if (expire === undefined) runtime().cacheEvents.revalidations++;
  else if (expire <= 0) expired();
  else {
    runtime().cacheEvents.revalidations++;
    setTimeout(expired, expire * 1000).unref();
  }
}
