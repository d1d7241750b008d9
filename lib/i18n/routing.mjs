// Which language a request is in, and where Next finds its page: the production server's first step
// for every page (server/index.mjs), before the cached-page table (lib/public-rewrites.mjs).
//
//   /es/surveys?page=2   → /es/c/surveys/totalVotes/all/all/2      (the prefix decides)
//   /surveys?page=2      → /en/c/surveys/totalVotes/all/all/2      (English, or a redirect: below)
//   /login               → /{cookie, Accept-Language or en}/login  (rendered per request: no redirect)
//   /api/..., /_next/..., /favicon.ico, /sitemap.xml              (no language)
//
// An unprefixed public page (one a search engine indexes) is English at its address, except for a
// visitor who made no choice yet and whose browser asks for Spanish or German first: that visitor
// gets a redirect to the prefixed address, never a crawler (isbot). A visitor who chose a language
// with the footer's switcher (the NEXT_LOCALE cookie) gets that language's address, English included.
// Both answers depend on those two headers, so both say `Vary: Accept-Language, Cookie`, and the
// redirect may be kept by caches like the page.
import { internalPath } from "../public-rewrites.mjs";
import { cookieLocale, DEFAULT_LOCALE, localePath, splitLocale } from "./locales.mjs";
import { isCrawler, negotiateLocale } from "./negotiate.mjs";

// The API, Next's own files, public/'s folders and the root's files (favicon.ico, robots.txt,
// sitemap.xml, manifest.webmanifest, the icons, the site's Open Graph image).
const UNLOCALISED = /^\/(?:api|_next|icons|\.well-known)(?:\/|$)|^\/[^/]*\.[a-z0-9]+$|^\/opengraph-image(?:-\w+)?$/i;
const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";
/** The indexed public pages, unprefixed: the only ones an Accept-Language redirect applies to. */
const PUBLIC_PAGE = new RegExp(`^/(?:|surveys|pricing|about|contact|privacy|terms|docs/api|survey/details/${UUID})$`, "i");
export const VARY_LOCALE = "Accept-Language, Cookie";

/**
 * @typedef {{ cookie?: string, acceptLanguage?: string, userAgent?: string, method?: string, rsc?: boolean }} RequestFacts
 * @typedef {{ url: string, cached: boolean, vary: boolean } | { redirect: string, vary: true }} Route
 */

/**
 * Where a request goes: the internal URL Next renders (`cached` when it is one of the cached public
 * pages, lib/public-rewrites.mjs), or a redirect to the visitor's language.
 * @param {string} url a request's path and query
 * @param {RequestFacts} facts
 * @returns {Route}
 */
export function routeRequest(url, facts) {
  const mark = url.indexOf("?");
  const pathname = mark < 0 ? url : url.slice(0, mark);
  const search = mark < 0 ? "" : url.slice(mark);
  if (UNLOCALISED.test(pathname)) {
    const route = internalPath(url);
    return { url: route ?? url, cached: Boolean(route), vary: false };
  }
  const { prefix, rest } = splitLocale(pathname);
  let locale = prefix;
  let vary = false;
  if (!locale) {
    const chosen = cookieLocale(facts.cookie);
    if (PUBLIC_PAGE.test(rest)) {
      vary = true;
      const wanted = chosen ?? (isCrawler(facts.userAgent) ? null : negotiateLocale(facts.acceptLanguage));
      const navigation = facts.method === "GET" || facts.method === "HEAD";
      if (wanted && wanted !== DEFAULT_LOCALE && navigation && !facts.rsc) return { redirect: localePath(wanted, url), vary: true };
      locale = DEFAULT_LOCALE;
    } else if (rest.startsWith("/embed/")) {
      // Another site's frame: English unless its address says otherwise; an embed that is no cached
      // page goes on unprefixed to its handler (app/embed/survey/[id]/route.ts).
      locale = DEFAULT_LOCALE;
      if (!internalPath(url)) return { url, cached: false, vary: false };
    } else {
      locale = chosen ?? negotiateLocale(facts.acceptLanguage) ?? DEFAULT_LOCALE;
    }
  }
  const route = internalPath(rest + search);
  if (route) return { url: `/${locale}${route}`, cached: true, vary };
  return { url: `/${locale}${rest === "/" ? "" : rest}${search}`, cached: false, vary };
}
