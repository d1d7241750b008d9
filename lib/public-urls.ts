// The site's public URLs: every builder of a link to them. The internal routes behind the cached
// ones, and the mapping from one to the other, are in lib/public-rewrites.mjs.
import { CATEGORIES, type SURVEY_SORTS, type SURVEY_STATUS_FILTERS } from "./public-rewrites.mjs";

export { CATEGORIES, LIST_PAGE_MAX, normaliseSearch, SEARCH_MAX_LENGTH, SURVEY_SORTS, SURVEY_STATUS_FILTERS } from "./public-rewrites.mjs";

/**
 * One view of the survey list. `category`, `status` and `q` are "" for all; `q` is a normalised search
 * (`normaliseSearch`), the only form that leads to a cached view.
 */
export type ListState = {
  sort: (typeof SURVEY_SORTS)[number];
  category: string;
  status: (typeof SURVEY_STATUS_FILTERS)[number] | "";
  q: string;
};

/** The URL of one view of the survey list; defaults are left out so each view has one URL. */
export function listHref({ sort, category, status, q, page }: ListState & { page: number }) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (sort !== "totalVotes") params.set("sort", sort);
  if (category) params.set("category", category);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/surveys?${query}` : "/surveys";
}

export { surveyHref } from "./survey-href";

/** The public pages the sitemap lists besides the surveys themselves. */
export const SITEMAP_PAGES = [
  { path: "/", changeFrequency: "daily", priority: 1 },
  { path: listHref({ sort: "totalVotes", category: "", status: "", q: "", page: 1 }), changeFrequency: "hourly", priority: 0.9 },
  ...CATEGORIES.map((category) => ({ path: listHref({ sort: "totalVotes", category, status: "", q: "", page: 1 }), changeFrequency: "daily" as const, priority: 0.6 })),
  { path: "/pricing", changeFrequency: "monthly", priority: 0.5 },
  { path: "/about", changeFrequency: "yearly", priority: 0.3 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.3 },
  { path: "/docs/api", changeFrequency: "monthly", priority: 0.3 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
] as const;
