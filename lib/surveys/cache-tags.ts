import "server-only";
import { revalidateTag } from "next/cache";

// The cache tags of the public survey pages and calls, and the two ways a change reaches them. Only
// the events of lib/events.ts call these, inside the request that made the change: Next's
// `revalidateTag` needs the request's store.
export const SURVEY_LIST_TAG = "surveys";
export const surveyTag = (id: string) => `survey:${id}`;

/**
 * A survey was created, edited, published or unpublished: every cached page and datum showing it is
 * expired at once (the next request renders afresh), so an unpublished survey disappears everywhere
 * together, on every server sharing the cache.
 */
export function expireSurveyPages(id: string) {
  revalidateTag(SURVEY_LIST_TAG, { expire: 0 });
  revalidateTag(surveyTag(id), { expire: 0 });
}

/**
 * A vote moved a survey's counts. Nothing is thrown away: the tags are marked stale
 * (stale-while-revalidate), so the next visitor of each page still gets the cached copy at once while
 * one fresh copy is built in the background (Next builds one per page and server at a time, and a data
 * read waits for its own refresh rather than storing stale figures). 50 votes a second on one survey
 * thus cost a handful of renders a second, not 50 cold caches.
 *
 * The profile names no expiry on purpose. Next keeps one expiry time per tag, and a profile's
 * `expire` (a year for "max") replaces it: a vote landing after an edit or an unpublish, before
 * anyone visited the expired page, would turn "expired" back into "stale" and the copy from before
 * the change would be served once more. Without `expire` the earlier expiry stands.
 */
const STALE_ONLY = {};
export function markSurveyPagesStale(id: string) {
  revalidateTag(SURVEY_LIST_TAG, STALE_ONLY);
  revalidateTag(surveyTag(id), STALE_ONLY);
}
