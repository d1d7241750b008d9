import "server-only";
import { randomUUID } from "node:crypto";
import { revalidateTag, unstable_cache } from "next/cache";
import { notFound } from "@/lib/api/errors";
import { liveVoted } from "@/lib/live/notify";
import { metrics } from "@/lib/metrics.mjs";
import type { Category, Role } from "@/models";
import type { SurveySort } from "@/lib/validation/survey-list";
import { countPublishedSurveys, getPublishedSurvey, getSurveyCounts, listPublishedSurveyIds, listPublishedSurveys } from "@/lib/services/surveys";
import { getSurveyForOwnerOrAdmin } from "@/lib/services/surveyor-workspace";

// Cache tags of the public survey pages and calls. Route handlers call `surveyChanged` after a
// vote, an edit or a status change; services never do (they also run outside a request).
export const SURVEY_LIST_TAG = "surveys";
export const surveyTag = (id: string) => `survey:${id}`;

/**
 * A survey was created, edited, published or unpublished: every cached page and datum showing it is
 * expired at once (the next request renders afresh), so an unpublished survey disappears everywhere
 * together, on every server sharing the cache.
 */
export function surveyChanged(id: string) {
  revalidateTag(SURVEY_LIST_TAG, { expire: 0 });
  revalidateTag(surveyTag(id), { expire: 0 });
  live.delete(id);
}

/**
 * A vote moved a survey's counts. Nothing is thrown away: the tags are marked stale
 * (stale-while-revalidate), so the next visitor of each page still gets the
 * cached copy at once while one fresh copy is built in the background (Next builds one per page and
 * server at a time, and a data read waits for its own refresh rather than storing stale figures).
 * 50 votes a second on one survey thus cost a handful of renders a second, not 50 cold caches.
 * The live results streams of every server hear of it too (lib/live/notify.ts).
 *
 * The profile names no expiry on purpose. Next keeps one expiry time per tag, and a profile's
 * `expire` (a year for "max") replaces it: a vote landing after an edit or an unpublish, before
 * anyone visited the expired page, would turn "expired" back into "stale" and the copy from before
 * the change would be served once more. Without `expire` the earlier expiry stands.
 */
const STALE_ONLY = {};
export function surveyVoted(id: string) {
  revalidateTag(SURVEY_LIST_TAG, STALE_ONLY);
  revalidateTag(surveyTag(id), STALE_ONLY);
  liveVoted(id);
}

// The public reads, served from Next's data cache. A page that reads them carries their tags, so
// `surveyChanged` also refreshes the cached HTML of that page. The time limit is only a safety net
// for changes made outside a request (a seed script, a manual fix in the database).
const SAFETY_NET_SECONDS = 3600;

/**
 * The time limit of the cached public pages. Also a safety net: a render that read the database just
 * before a vote committed, and stored its page just after that vote marked it stale, counts as fresh;
 * a minute later (at the next visit) it is rebuilt anyway. Cheap: one render per page per minute.
 */
export const PAGE_SAFETY_NET_SECONDS = 60;

// Next keeps its data cache on disk (.next/cache) across restarts, but a restart may come with
// another database (a fresh seed, the e2e and benchmark servers), and invalidations made before the
// restart are not remembered. Keys scoped to this server process never serve another run's rows.
// With REDIS_URL the cache is shared by several app servers, so the key must be the same on all of
// them: it names the database instead (a server URL without its password, or the data folder), so
// servers of one database share entries and another database never reads them. `revalidateTag`
// reaches every server through Redis; after restoring or reseeding a database, flush Redis (docs/operations.md).
const PROCESS_KEY = process.env.REDIS_URL
  ? `db:${(process.env.DATABASE_URL || process.env.DATA_DIR || ".data").replace(/\/\/[^@/]*@/, "//")}`
  : randomUUID();

export const cachedSurveyList = unstable_cache(
  (sort: SurveySort, category: Category | undefined, page: number, limit: number) =>
    listPublishedSurveys({ sort, category, page, limit }),
  ["public-survey-list", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: SAFETY_NET_SECONDS },
);

/**
 * The home page's and `GET /api/get_features_surveys`' 6 open surveys with the most votes. A survey
 * that closes drops out within the (shorter) time limit, as nothing else announces a deadline.
 */
export const cachedFeaturedSurveys = unstable_cache(
  () => listPublishedSurveys({ sort: "totalVotes", page: 1, limit: 6, openOnly: true }),
  ["public-featured-surveys", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: 300 },
);

/** The newest surveys still open (the home page's "Latest Surveys"). */
export const cachedLatestOpenSurveys = unstable_cache(
  (limit: number) => listPublishedSurveys({ sort: "createdAt", page: 1, limit, openOnly: true }),
  ["public-latest-open-surveys", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: 300 },
);

export const cachedSurveyCount = unstable_cache(
  (category: Category | undefined) => countPublishedSurveys(category),
  ["public-survey-count", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: SAFETY_NET_SECONDS },
);

export const cachedSurveyIds = unstable_cache(() => listPublishedSurveyIds(), ["public-survey-ids", PROCESS_KEY], {
  tags: [SURVEY_LIST_TAG],
  revalidate: SAFETY_NET_SECONDS,
});

/** One published survey (null when unknown or unpublished), tagged with its own id. */
export function cachedSurvey(id: string) {
  return unstable_cache(() => getPublishedSurvey(id), ["public-survey", PROCESS_KEY, id], {
    tags: [surveyTag(id)],
    revalidate: SAFETY_NET_SECONDS,
  })();
}

/**
 * A survey for `GET /api/survey/{id}` and `/api/get_updated_survey/{id}`: published ones from the
 * cache; an unpublished one only for its surveyor or an admin (`personal`: never cache it).
 * Throws 404 otherwise, the same answer as for an id that does not exist.
 */
export async function readSurvey(id: string, viewer: { id: string; role: Role } | null) {
  const survey = await cachedSurvey(id);
  if (survey) return { survey, personal: false };
  const own = viewer ? await getSurveyForOwnerOrAdmin(id, viewer) : null;
  if (!own) throw notFound("No such survey");
  return { survey: own, personal: true };
}

// Live results, shared by every viewer of a survey: at most one database read per survey, per
// server, per LIVE_RESULTS_MS, however many browsers poll. Concurrent callers of an expired entry
// share one read; the figures are never older than LIVE_RESULTS_MS plus one read. Kept in process
// memory (not Next's cache): an entry lives a second, and a shared store would cost a round trip
// per viewer for no fewer database reads. Bounded: the oldest entries go first past the limit.
export const LIVE_RESULTS_MS = 1000;
const LIVE_RESULTS_MAX_ENTRIES = 10_000;
type LiveResults = NonNullable<Awaited<ReturnType<typeof getSurveyCounts>>>;
const live = new Map<string, { at: number; value: Promise<LiveResults | null> }>();

// `freshSince`: a read that began before this time is not reused (the live hub, told of a vote at that
// time, must see it).
export function liveResults(id: string, freshSince?: number): Promise<LiveResults | null> {
  const now = Date.now();
  const hit = live.get(id);
  if (hit && now - hit.at < LIVE_RESULTS_MS && (freshSince === undefined || hit.at >= freshSince)) return hit.value;
  metrics().liveReads.inc();
  const value = getSurveyCounts(id);
  live.delete(id);
  live.set(id, { at: now, value });
  // A failed read is not remembered.
  value.catch(() => live.get(id)?.value === value && live.delete(id));
  if (live.size > LIVE_RESULTS_MAX_ENTRIES) live.delete(live.keys().next().value!);
  return value;
}
