import { describe, expect, it } from "vitest";
// Next's own rewrite matching, as its router applies `rewrites` (next dev): the reference the
// production server's mapping must agree with.
import { parseUrl } from "next/dist/shared/lib/router/utils/parse-url";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas, prepareDestination } from "next/dist/shared/lib/router/utils/prepare-destination";
import { CATEGORIES as MODEL_CATEGORIES } from "@/models/enums";
import { LIST_PAGE_MAX as PAGE_MAX, SURVEY_SORTS as SORTS } from "@/lib/surveys/list-schema";
import { CATEGORIES, internalPath, LIST_PAGE_MAX, publicPathname, publicRewrites, SURVEY_SORTS } from "./public-rewrites.mjs";

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
    return parsedDestination.pathname;
  }
  return null;
}

// Every list parameter absent, empty, valid, invalid, repeated (the last one counts) or oddly cased.
const listValues: Record<string, string[]> = {
  sort: ["createdAt", "totalVotes", "title", "CREATEDAT"],
  category: ["Health", "Other", "health", "All"],
  page: ["1", "2", "1000", "0", "01", "1001", "-1", "1.5", "abc"],
};
function listUrls(): string[] {
  const choices = (key: string) => [null, "", ...listValues[key], `${listValues[key][0]}&${key}=${listValues[key].at(-1)}`, `${listValues[key].at(-1)}&${key}=${listValues[key][0]}`, `&${key}=`];
  const urls: string[] = [];
  for (const sort of choices("sort"))
    for (const category of choices("category"))
      for (const page of choices("page")) {
        const query = [sort !== null && `sort=${sort}`, category !== null && `category=${category}`, page !== null && `page=${page}`].filter(Boolean).join("&");
        urls.push(query ? `/surveys?${query}` : "/surveys");
      }
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
  it("repeat the app's sorts, categories and page limit exactly", () => {
    expect(CATEGORIES).toEqual(MODEL_CATEGORIES);
    expect(SURVEY_SORTS).toEqual(SORTS);
    expect(LIST_PAGE_MAX).toBe(PAGE_MAX);
  });

  it("find for each public URL the route Next's rewrites of the whole table render (next dev), or none", () => {
    const urls = [...listUrls(), ...otherUrls];
    expect(urls.length).toBeGreaterThan(1000);
    let mapped = 0;
    for (const url of urls) {
      const route = internalPath(url);
      expect(route, url).toBe(nextRewrite(url));
      if (route) mapped++;
    }
    // Both kinds are well represented.
    expect(mapped).toBeGreaterThan(100);
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
    expect(internalPath("/surveys")).toBe("/c/surveys/totalVotes/all/1");
    expect(internalPath("/surveys?sort=totalVotes&page=1")).toBe("/c/surveys/totalVotes/all/1");
    expect(internalPath("/surveys?category=Health&sort=createdAt&page=2")).toBe("/c/surveys/createdAt/Health/2");
    expect(internalPath("/surveys?page=1000")).toBe("/c/surveys/totalVotes/all/1000");
    for (const junk of ["/surveys?page=0", "/surveys?page=1001", "/surveys?category=health", "/surveys?sort=title"]) expect(internalPath(junk), junk).toBeNull();
    expect(internalPath(`/embed/survey/${ID}?theme=dark`)).toBe(`/c/embed/${ID}/dark`);
    expect(internalPath(`/embed/survey/${ID}`)).toBe(`/c/embed/${ID}/light`);
    expect(internalPath("/")).toBe("/c/home/index");
  });
});
