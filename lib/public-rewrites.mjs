// The public URLs of the cached pages and the internal routes that render them.
//
// Public pages whose content depends on the database are cached pages (ISR) generated on their
// first request, never at build time (the build has no data). Next can do that only for routes with
// a dynamic segment, so their public URLs lead to internal routes under /c/ whose segments carry the
// view:
//   /                                  -> /c/home/index
//   /pricing                           -> /c/pricing/index   (reads the Stripe configuration at run time)
//   /sitemap.xml                       -> /c/sitemap/index
//   /surveys?sort=&category=&status=&page=     -> /c/surveys/{sort}/{category|all}/{status|all}/{page}
//   /surveys?q=&sort=&category=&status=&page=  -> /c/surveys/{sort}/{category|all}/{status|all}/{page}/{q}
//   /embed/survey/{id}?theme=          -> /c/embed/{id}/{light|dark}
// The query string stays the list's public state. Only valid values lead to a view, so each view has
// one cache entry and junk cannot fill the cache: anything else reaches app/[locale]/(site)/surveys/route.ts,
// which redirects to the nearest valid view. The browser's URL never changes. A search (`q`) leads to
// its view only when already normalised (`normaliseSearch`: what the search form's redirect makes of
// any text), so equivalent searches share one entry; search pages are kept briefly
// (docs/performance.md, "Search and the open/closed filter").
//
// Next's rewrites cost every request a walk through these rules in JavaScript, twice (in its router,
// then in the page's handler, which compiles each rule's pattern and destination again each time):
// about 80 microseconds of a cached page's 450. So the production server (server/index.mjs) hands
// Next the internal route itself (`internalPath`), the query string unchanged, and Next has no
// rewrites. The client router still sees the public URL, and is told the rendered path as Next tells
// it after a rewrite. What renders during the request reads the public path through
// `publicPathname` (the navigation's current link, where toasts may appear), so the HTML is the same
// as when Next rewrites. `next dev` runs without that server, so there Next gets the table as its
// rewrites (`publicRewrites`); public-rewrites.test.ts checks, URL by URL, that both agree.
// Plain JavaScript: the server runs before Next and without TypeScript, and next.config.ts loads this
// file before path aliases exist. public-rewrites.test.ts also checks the values against models/enums.ts and
// lib/surveys/list-schema.ts.

export const CATEGORIES = /** @type {const} */ (["Technology", "Education", "Health", "Entertainment", "Other"]);
export const SURVEY_SORTS = /** @type {const} */ (["totalVotes", "createdAt"]);
export const LIST_PAGE_MAX = 1000;
export const SURVEY_STATUS_FILTERS = /** @type {const} */ (["open", "closed"]);
/** The longest search kept, in characters; the rest is cut (at a word's end when it can be). */
export const SEARCH_MAX_LENGTH = 60;

// The characters a search keeps besides spaces and hyphens: letters, digits and combining marks of the
// Basic Multilingual Plane that lower-casing leaves as they are.
const LETTER = /[\p{L}\p{M}\p{N}]/u;
const isWordChar = (ch) => ch.length === 1 && LETTER.test(ch) && ch.toLowerCase() === ch;

/**
 * The same characters as one character class of ranges, for the rewrite rules of `next dev`, whose
 * patterns are compiled without the `u` flag (so no `\p{L}`). Made when asked (about 65,000 tests),
 * never in the browser; public-rewrites.test.ts holds it to `normaliseSearch`.
 */
function wordCharClass() {
  const hex = (n) => `\\u${n.toString(16).padStart(4, "0")}`;
  const ranges = [];
  let start = -1;
  for (let c = 0; c <= 0x10000; c++) {
    const keep = c < 0x10000 && (c < 0xd800 || c > 0xdfff) && isWordChar(String.fromCharCode(c));
    if (keep && start < 0) start = c;
    if (!keep && start >= 0) {
      ranges.push(start === c - 1 ? hex(start) : `${hex(start)}-${hex(c - 1)}`);
      start = -1;
    }
  }
  return ranges.join("");
}

/**
 * A normalised search as a pattern: words of kept characters and hyphens, each with at least one kept
 * character, one space apart, 1 to SEARCH_MAX_LENGTH characters in all.
 */
let pattern = "";
function searchPattern() {
  if (pattern) return pattern;
  const w = wordCharClass();
  const word = `-*[${w}][${w}-]*`;
  pattern = `(?=[^]{1,${SEARCH_MAX_LENGTH}}$)${word}(?: ${word})*`;
  return pattern;
}

/**
 * A search as the list reads it: lower-case; every character but letters, digits and hyphens a space;
 * words of hyphens alone dropped; one space between words; at most SEARCH_MAX_LENGTH characters (cut at
 * the last whole word that fits, or mid-word when the first word is longer). "" when nothing is left.
 * Equivalent searches thus share one URL and one cached page.
 * @param {string} raw
 * @returns {string}
 */
export function normaliseSearch(raw) {
  let spaced = "";
  for (const ch of String(raw).toLowerCase()) spaced += ch === "-" || isWordChar(ch) ? ch : " ";
  const words = spaced.split(" ").filter((w) => /[^-]/.test(w));
  let q = "";
  for (const word of words) {
    const next = q ? `${q} ${word}` : word;
    if (next.length > SEARCH_MAX_LENGTH) {
      if (!q) q = word.slice(0, SEARCH_MAX_LENGTH).replace(/-+$/, "");
      break;
    }
    q = next;
  }
  return /[^-]/.test(q) ? q : "";
}

const UUID_PATTERN = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
// 1..LIST_PAGE_MAX (1000) without leading zeros.
const PAGE_PATTERN = "[1-9][0-9]{0,2}|1000";
const THEME_PATTERN = "light|dark";

// Each list parameter: its values, and the segment used when it is absent.
const listKeys = [
  { key: "sort", pattern: SURVEY_SORTS.join("|"), fallback: "totalVotes" },
  { key: "category", pattern: CATEGORIES.join("|"), fallback: "all" },
  { key: "status", pattern: SURVEY_STATUS_FILTERS.join("|"), fallback: "all" },
  { key: "page", pattern: PAGE_PATTERN, fallback: "1" },
];
// The search: a last segment of its own when present (its view is another route), absent otherwise.
const SEARCH_KEY = "q";
const FIXED = new Map([
  ["/", "/c/home/index"],
  ["/pricing", "/c/pricing/index"],
  ["/sitemap.xml", "/c/sitemap/index"],
]);
const whole = (pattern) => new RegExp(`^(?:${pattern})$`);
const LIST_VALUES = new Map(listKeys.map((k) => [k.key, whole(k.pattern)]));
const EMBED_PATH = new RegExp(`^/embed/survey/(${UUID_PATTERN})$`, "i");
const THEME = whole(THEME_PATTERN);

/**
 * A query parameter as Next's rewrite conditions see it: absent when missing or empty, else its last
 * value (`?page=2&page=3` is page 3).
 * @param {URLSearchParams} params
 * @param {string} key
 */
function lastValue(params, key) {
  const values = params.getAll(key);
  if (values.length === 0 || (values.length === 1 && values[0] === "")) return undefined;
  return values[values.length - 1];
}

/**
 * The internal route that renders a public URL (`/surveys?category=Health` → `/c/surveys/totalVotes/Health/1`),
 * or null when the URL is not one of the cached public pages. Paths match without regard to case, as
 * Next's rewrites do.
 * @param {string} url a request's path and query (`req.url`)
 * @returns {string | null}
 */
export function internalPath(url) {
  const mark = url.indexOf("?");
  const rawPath = mark < 0 ? url : url.slice(0, mark);
  const pathname = rawPath.toLowerCase();
  const search = mark < 0 ? "" : url.slice(mark);
  const fixed = FIXED.get(pathname);
  if (fixed) return fixed;
  if (pathname === "/surveys") {
    const params = new URLSearchParams(search);
    const segments = [];
    for (const { key, fallback } of listKeys) {
      const value = lastValue(params, key);
      if (value === undefined) segments.push(fallback);
      else if (LIST_VALUES.get(key)?.test(value)) segments.push(value);
      else return null;
    }
    const q = lastValue(params, SEARCH_KEY);
    if (q !== undefined) {
      if (q === "" || normaliseSearch(q) !== q) return null;
      segments.push(encodeURIComponent(q));
    }
    return `/c/surveys/${segments.join("/")}`;
  }
  if (pathname.startsWith("/embed/survey/")) {
    const id = EMBED_PATH.exec(rawPath)?.[1];
    if (!id) return null;
    const theme = lastValue(new URLSearchParams(search), "theme") ?? "light";
    if (!THEME.test(theme)) return null;
    return `/c/embed/${id}/${theme}`;
  }
  return null;
}

// The public path of a page while it renders as its internal route: lib/public-pathname.mjs, a module of
// its own so the browser gets it without this table.
export { publicPathname } from "./public-pathname.mjs";

/** @typedef {{ source: string, destination: string, has?: { type: "query" | "cookie", key: string, value: string }[], missing?: { type: "query", key: string }[] }} Rewrite */

/**
 * The whole table as Next rewrite rules, for `next dev` (next.config.ts).
 * @returns {Rewrite[]}
 */
export function publicRewrites() {
  /** @type {Rewrite[]} */
  const rules = [...FIXED].map(([source, destination]) => ({ source, destination }));
  // A survey in another site's frame, in one of its two themes.
  rules.push(
    { source: `/embed/survey/:id(${UUID_PATTERN})`, has: [{ type: "query", key: "theme", value: `(?<theme>${THEME_PATTERN})` }], destination: "/c/embed/:id/:theme" },
    { source: `/embed/survey/:id(${UUID_PATTERN})`, missing: [{ type: "query", key: "theme" }], destination: "/c/embed/:id/light" },
  );
  // One rule per combination of present / absent parameters (2^4), with and without a search.
  const search = searchPattern();
  for (const withSearch of [true, false]) {
    for (let mask = 0; mask < 1 << listKeys.length; mask++) {
      const present = listKeys.filter((_, i) => mask & (1 << i));
      const absent = listKeys.filter((_, i) => !(mask & (1 << i)));
      const has = present.map((k) => ({ type: /** @type {const} */ ("query"), key: k.key, value: `(?<${k.key}>${k.pattern})` }));
      const missing = absent.map((k) => ({ type: /** @type {const} */ ("query"), key: k.key }));
      if (withSearch) has.push({ type: "query", key: SEARCH_KEY, value: `(?<${SEARCH_KEY}>${search})` });
      else missing.push({ type: "query", key: SEARCH_KEY });
      rules.push({
        source: "/surveys",
        has,
        missing,
        destination: `/c/surveys/${listKeys.map((k) => (present.includes(k) ? `:${k.key}` : k.fallback)).join("/")}${withSearch ? `/:${SEARCH_KEY}` : ""}`,
      });
    }
  }
  return rules;
}
