import "server-only";
import { randomUUID } from "node:crypto";
import { unstable_cache } from "next/cache";
import { notFound } from "@/lib/api/errors";
import { SURVEY_LIST_TAG, surveyTag } from "@/lib/surveys/cache-tags";
import type { Category, Role } from "@/models";
import { siteToday } from "@/lib/site-dates";
import type { SurveySort, SurveyStatusFilter } from "@/lib/surveys/list-schema";
import {
  countListedSurveys,
  countPublishedSurveys,
  searchPublishedSurveys,
  getPublishedSurvey,
  listPublishedSurveyIds,
  listPublishedSurveys,
  type PublicSurvey,
} from "@/lib/surveys/queries";
import { getSurveyForOwnerOrAdmin } from "@/lib/surveys/workspace";

// The public reads, served from Next's data cache and tagged (lib/surveys/cache-tags.ts): a page that
// reads them carries their tags, so the events that expire a tag (lib/events.ts) also refresh the
// cached HTML of that page. The time limit is only a safety net
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
 * The time limit of a search's cached data, and of its page (the search route's `revalidate`): short,
 * because anyone can ask for any words and each search is one more entry. With Redis an entry is
 * removed 1.5 times its time limit after it was written, so searches nobody repeats leave within 90
 * seconds; without Redis they take a share of Next's bounded store (50 MB, least recently used) like
 * any page. Tags still expire them at once when a survey changes. See docs/performance.md, "Search and
 * the open/closed filter".
 */
export const SEARCH_SECONDS = 60;

// The open/closed views: the site's day is part of the key, so the first render after midnight reads
// the new day's lists (within the page's 60 s), and the query compares deadlines with that same day.
const cachedStatusList = unstable_cache(
  (sort: SurveySort, category: Category | undefined, status: SurveyStatusFilter, today: string, page: number, limit: number) =>
    listPublishedSurveys({ sort, category, status, today, page, limit }),
  ["public-survey-list-status", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: SAFETY_NET_SECONDS },
);
const cachedStatusCount = unstable_cache(
  (category: Category | undefined, status: SurveyStatusFilter, today: string) => countListedSurveys({ category, status, today }),
  ["public-survey-count-status", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: SAFETY_NET_SECONDS },
);
// Searches (with or without the filters): the page and its count together (the count decides how the
// page is read), with the short time limit.
const cachedSearch = unstable_cache(
  (sort: SurveySort, category: Category | undefined, status: SurveyStatusFilter | undefined, today: string | undefined, q: string, page: number, limit: number) =>
    searchPublishedSurveys({ sort, category, status, today, q, page, limit }),
  ["public-survey-search", PROCESS_KEY],
  { tags: [SURVEY_LIST_TAG], revalidate: SEARCH_SECONDS },
);

export type SurveyListView = {
  sort: SurveySort;
  category?: Category;
  status?: SurveyStatusFilter;
  /** Normalised (`normaliseSearch`). */
  q?: string;
  page: number;
  limit: number;
};

/**
 * One page of a view of the public list and how many surveys the view holds (the kept counter, or for a
 * filtered view a count up to FILTERED_COUNT_CAP), from the cache entries of its kind.
 */
export async function cachedListView({ sort, category, status, q, page, limit }: SurveyListView): Promise<{ surveys: PublicSurvey[]; total: number }> {
  const today = status ? siteToday() : undefined;
  if (q) return cachedSearch(sort, category, status, today, q, page, limit);
  const [surveys, total] = await Promise.all([
    status ? cachedStatusList(sort, category, status, today!, page, limit) : cachedSurveyList(sort, category, page, limit),
    status ? cachedStatusCount(category, status, today!) : cachedSurveyCount(category),
  ]);
  return { surveys, total };
}

/** One page of a view of the public list (`GET /api/all_surveys`). */
export async function cachedListPage(view: SurveyListView): Promise<PublicSurvey[]> {
  if (!view.q && !view.status) return cachedSurveyList(view.sort, view.category, view.page, view.limit);
  return (await cachedListView(view)).surveys;
}

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
