// The site's public URLs: the rewrite table behind them and every builder of a link to them.
//
// Public pages whose content depends on the database are cached pages (ISR) generated on their
// first request, never at build time (the build has no data). Next can do that only for routes with
// a dynamic segment, so their public URLs are rewritten (before the file system is consulted, no
// proxy involved) to internal routes under /c/ whose segments carry the view:
//   /                                  -> /c/home/index
//   /pricing                           -> /c/pricing/index   (reads the Stripe configuration at run time)
//   /sitemap.xml                       -> /c/sitemap/index
//   /surveys?sort=&category=&page=     -> /c/surveys/{sort}/{category|all}/{page}
//   /embed/survey/{id}?theme=          -> /c/embed/{id}/{light|dark}
// The query string stays the list's public state. Only valid values are rewritten, so each view has
// one cache entry and junk cannot fill the cache: anything else reaches app/(site)/surveys/route.ts,
// which redirects to the nearest valid view. The browser's URL never changes.
// next.config.ts loads this file before path aliases exist, so the values are repeated here;
// public-urls.test.ts checks them against models/enums.ts and lib/validation/survey-list.ts.
export const CATEGORIES = ["Technology", "Education", "Health", "Entertainment", "Other"] as const;
export const SURVEY_SORTS = ["totalVotes", "createdAt"] as const;
export const LIST_PAGE_MAX = 1000;

type Rewrite = {
  source: string;
  destination: string;
  has?: { type: "query"; key: string; value: string }[];
  missing?: { type: "query"; key: string }[];
};

const UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

// 1..LIST_PAGE_MAX (1000) without leading zeros.
const PAGE_PATTERN = "[1-9][0-9]{0,2}|1000";

const listKeys = [
  { key: "sort", pattern: SURVEY_SORTS.join("|"), fallback: "totalVotes" },
  { key: "category", pattern: CATEGORIES.join("|"), fallback: "all" },
  { key: "page", pattern: PAGE_PATTERN, fallback: "1" },
] as const;

export function publicRewrites(): Rewrite[] {
  const rules: Rewrite[] = [
    { source: "/", destination: "/c/home/index" },
    { source: "/pricing", destination: "/c/pricing/index" },
    { source: "/sitemap.xml", destination: "/c/sitemap/index" },
    // A survey in another site's frame, in one of its two themes.
    { source: `/embed/survey/:id(${UUID_PATTERN})`, has: [{ type: "query", key: "theme", value: "(?<theme>light|dark)" }], destination: "/c/embed/:id/:theme" },
    { source: `/embed/survey/:id(${UUID_PATTERN})`, missing: [{ type: "query", key: "theme" }], destination: "/c/embed/:id/light" },
  ];
  // One rule per combination of present / absent parameters (2^3).
  for (let mask = 0; mask < 1 << listKeys.length; mask++) {
    const present = listKeys.filter((_, i) => mask & (1 << i));
    const absent = listKeys.filter((_, i) => !(mask & (1 << i)));
    rules.push({
      source: "/surveys",
      has: present.map((k) => ({ type: "query", key: k.key, value: `(?<${k.key}>${k.pattern})` })),
      missing: absent.map((k) => ({ type: "query", key: k.key })),
      destination: `/c/surveys/${listKeys.map((k) => (present.includes(k) ? `:${k.key}` : k.fallback)).join("/")}`,
    });
  }
  return rules;
}

export type ListState = { sort: (typeof SURVEY_SORTS)[number]; category: string };

/** The URL of one view of the survey list; defaults are left out so each view has one URL. */
export function listHref({ sort, category, page }: ListState & { page: number }) {
  const params = new URLSearchParams();
  if (sort !== "totalVotes") params.set("sort", sort);
  if (category) params.set("category", category);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/surveys?${query}` : "/surveys";
}

/** The public page of one survey. */
export const surveyHref = (id: string) => `/survey/details/${id}`;

/** The public pages the sitemap lists besides the surveys themselves. */
export const SITEMAP_PAGES = [
  { path: "/", changeFrequency: "daily", priority: 1 },
  { path: listHref({ sort: "totalVotes", category: "", page: 1 }), changeFrequency: "hourly", priority: 0.9 },
  ...CATEGORIES.map((category) => ({ path: listHref({ sort: "totalVotes", category, page: 1 }), changeFrequency: "daily" as const, priority: 0.6 })),
  { path: "/pricing", changeFrequency: "monthly", priority: 0.5 },
  { path: "/about", changeFrequency: "yearly", priority: 0.3 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.3 },
  { path: "/docs/api", changeFrequency: "monthly", priority: 0.3 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
] as const;
