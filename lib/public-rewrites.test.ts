import { describe, expect, it } from "vitest";
// Next's own rewrite matching, as its router applies `rewrites` (next dev): the reference the
// production server's mapping must agree with.
import { parseUrl } from "next/dist/shared/lib/router/utils/parse-url";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { CATEGORIES as MODEL_CATEGORIES } from "@/models/enums";
import { LIST_PAGE_MAX as PAGE_MAX, SURVEY_SORTS as SORTS } from "@/lib/surveys/list-schema";
import { SURVEY_STATUS_FILTERS as STATUSES } from "@/lib/surveys/list-schema";
import { CATEGORIES, internalPath, LIST_PAGE_MAX, normaliseSearch, publicPathname, publicRewrites, SURVEY_SORTS, SURVEY_STATUS_FILTERS } from "./public-rewrites.mjs";

const ID = "0b6f6a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

/** Where Next's rewrites send a URL, or null when no rule applies. */
function nextRewrite(url: string): string | null {
  const parsed = parseUrl(url);
  for (const rule of publicRewrites()) {
    const params = getPathMatch(rule.source, { strict: true, sensitive: false })(parsed.pathname);
    if (!params) continue;
    const hasParams = matchHas({ headers: {}, cookies: {} } as never, parsed.query, rule.has, rule.missing);
    if (!hasParams) continue;
    const { parsedDestination } = prepareDestination({
      appendParamsToQuery: true,
      destination: rule.destination,
      params: { ...params, ...hasParams },
      query: parsed.query,
    });
    // Next leaves the search's segment as the query had it (decoded); the server hands Next a path,
    // so it percent-encodes it.
    const segments = parsedDestination.pathname!.split("/");
    if (segments.length === 8) segments[7] = encodeURIComponent(segments[7]);
    return segments.join("/");
  }
  return null;
}

// Every list parameter absent, empty, valid, invalid, repeated (the last one counts) or oddly cased.
const listValues: Record<string, string[]> = {
  sort: ["createdAt", "totalVotes", "title", "CREATEDAT"],
  category: ["Health", "Other", "health", "All"],
  page: ["1", "2", "1000", "0", "01", "1001", "-1", "1.5", "abc"],
  status: ["open", "closed", "Open", "ended"],
  // Normalised searches (one word, several, letters beyond ASCII, hyphens, 60 characters) and searches
  // not yet normalised (capitals, punctuation, doubled or outer spaces, too long, nothing left).
  q: [
    "library",
    "remote+work",
    "caf%C3%A9+na%C3%AFve",
    "e-mail+-sunday",
    "%CF%83%CE%BF%CF%86%CE%B9%CE%B1",
    "x".repeat(60),
    "Library",
    "library!",
    "remote++work",
    "+library",
    "x".repeat(61),
    "---",
    "%CE%A3",
    "%F0%9F%98%80",
    "a%26b",
    "%27%3B+drop+table",
  ],
};
const choices = (key: string) => [null, "", ...listValues[key], `${listValues[key][0]}&${key}=${listValues[key].at(-1)}`, `${listValues[key].at(-1)}&${key}=${listValues[key][0]}`, `&${key}=`];
const urlOf = (params: Record<string, string | null>) => {
  const query = Object.entries(params)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  return query ? `/surveys?${query}` : "/surveys";
};
function listUrls(): string[] {
  const urls: string[] = [];
  for (const sort of choices("sort"))
    for (const category of choices("category"))
      for (const page of choices("page")) urls.push(urlOf({ sort, category, page }));
  // The filter and the search, each with a few of the others.
  for (const status of choices("status"))
    for (const q of choices("q"))
      for (const [sort, page] of [[null, null], ["createdAt", "2"], ["title", null], [null, "1001"]]) urls.push(urlOf({ q, sort, status, page }));
  return urls;
}
const otherUrls = [
  "/",
  "/?r=123",
  "/pricing",
  "/Pricing",
  "/sitemap.xml",
  "/surveys?utm_source=mail&category=Health",
  "/surveys?category=Health%20",
  "/SURVEYS?page=2",
  "/surveys/",
  "/surveysx",
  "/about",
  "/c/home/index",
  `/survey/details/${ID}`,
  `/embed/survey/${ID}`,
  `/embed/survey/${ID}?theme=dark`,
  `/embed/survey/${ID}?theme=light&theme=dark`,
  `/embed/survey/${ID}?theme=dark&theme=blue`,
  `/embed/survey/${ID}?theme=`,
  `/embed/survey/${ID}?theme=blue`,
  `/embed/survey/${ID}?theme=DARK`,
  `/embed/survey/${ID.toUpperCase()}?theme=dark`,
  `/EMBED/Survey/${ID}`,
  `/embed/survey/${ID}x`,
  `/embed/survey/${ID}/extra`,
  "/embed/survey/not-an-id",
];

describe("public rewrites", () => {
  it("repeat the app's sorts, categories, statuses and page limit exactly", () => {
    expect(CATEGORIES).toEqual(MODEL_CATEGORIES);
    expect(SURVEY_SORTS).toEqual(SORTS);
    expect(SURVEY_STATUS_FILTERS).toEqual(STATUSES);
    expect(LIST_PAGE_MAX).toBe(PAGE_MAX);
  });

  it("find for each public URL the route Next's rewrites of the whole table render (next dev), or none", () => {
    const urls = [...listUrls(), ...otherUrls];
    expect(urls.length).toBeGreaterThan(1800);
    let mapped = 0;
    let searches = 0;
    for (const url of urls) {
      const route = internalPath(url);
      expect(route, url).toBe(nextRewrite(url));
      if (route) mapped++;
      if (route?.split("/").length === 8) searches++;
    }
    // Both kinds are well represented.
    expect(mapped).toBeGreaterThan(100);
    expect(searches).toBeGreaterThan(50);
    expect(urls.length - mapped).toBeGreaterThan(300);
  });

  it("give back the public path of each internal route, and leave every other path alone", () => {
    for (const url of [...listUrls(), ...otherUrls]) {
      const route = internalPath(url);
      if (!route) continue;
      const pathname = url.split("?")[0];
      expect(publicPathname(route), url).toBe(pathname.startsWith("/embed/") || pathname.startsWith("/EMBED/") ? `/embed/survey/${route.split("/")[3]}` : pathname.toLowerCase());
    }
    for (const path of ["/", "/about", "/surveys", `/survey/details/${ID}`, "/dashboard/admin", "/c", "/contact"]) expect(publicPathname(path)).toBe(path);
  });

  it("send each view of the list to one internal path, defaults filled in", () => {
    expect(internalPath("/surveys")).toBe("/c/surveys/totalVotes/all/all/1");
    expect(internalPath("/surveys?sort=totalVotes&page=1")).toBe("/c/surveys/totalVotes/all/all/1");
    expect(internalPath("/surveys?category=Health&sort=createdAt&page=2")).toBe("/c/surveys/createdAt/Health/all/2");
    expect(internalPath("/surveys?page=1000")).toBe("/c/surveys/totalVotes/all/all/1000");
    expect(internalPath("/surveys?status=closed&category=Other")).toBe("/c/surveys/totalVotes/Other/closed/1");
    for (const junk of ["/surveys?page=0", "/surveys?page=1001", "/surveys?category=health", "/surveys?sort=title", "/surveys?status=ended"]) expect(internalPath(junk), junk).toBeNull();
    expect(internalPath(`/embed/survey/${ID}?theme=dark`)).toBe(`/c/embed/${ID}/dark`);
    expect(internalPath(`/embed/survey/${ID}`)).toBe(`/c/embed/${ID}/light`);
    expect(internalPath("/")).toBe("/c/home/index");
  });

  it("send a normalised search to its own segment, percent-encoded; anything else to the redirect", () => {
    expect(internalPath("/surveys?q=remote+work")).toBe("/c/surveys/totalVotes/all/all/1/remote%20work");
    expect(internalPath("/surveys?q=remote%20work&status=open&sort=createdAt&page=2")).toBe("/c/surveys/createdAt/all/open/2/remote%20work");
    expect(internalPath("/surveys?q=caf%C3%A9")).toBe("/c/surveys/totalVotes/all/all/1/caf%C3%A9");
    // An empty q is no search.
    expect(internalPath("/surveys?q=")).toBe("/c/surveys/totalVotes/all/all/1");
    for (const junk of ["/surveys?q=Remote", "/surveys?q=remote++work", "/surveys?q=+remote", "/surveys?q=remote!", "/surveys?q=---", `/surveys?q=${"x".repeat(61)}`]) {
      expect(internalPath(junk), junk).toBeNull();
    }
    // Equivalent searches: one normalised form, so one internal path.
    const forms = ["Remote  WORK", " remote work ", "REMOTE, work!", "remote\twork"].map((typed) => normaliseSearch(typed));
    expect(new Set(forms)).toEqual(new Set(["remote work"]));
    expect(publicPathname("/c/surveys/totalVotes/all/all/1/remote%20work")).toBe("/surveys");
  });
});
