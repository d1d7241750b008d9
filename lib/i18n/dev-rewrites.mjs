// `next dev` has no production server (server/index.mjs) to hand Next each page under its language
// (lib/i18n/routing.mjs), so there Next rewrites: the cached pages' table (lib/public-rewrites.mjs)
// under each language's prefix, then every other page unprefixed into the chosen language (the
// switcher's cookie) or English. Accept-Language redirects are the production server's alone.
import { LOCALE_COOKIE, LOCALES, DEFAULT_LOCALE } from "./locales.mjs";
import { publicRewrites } from "../public-rewrites.mjs";

/** @returns {import("../public-rewrites.mjs").Rewrite[]} */
export function devRewrites() {
  const table = publicRewrites();
  const rules = [];
  for (const locale of LOCALES) {
    for (const rule of table) {
      const source = rule.source === "/" ? `/${locale}` : `/${locale}${rule.source}`;
      rules.push({ ...rule, source, destination: `/${locale}${rule.destination}` });
    }
  }
  const page = "/:path((?!(?:api|_next|icons|en|es|de)(?:/|$))(?![^/]*\\.[a-zA-Z0-9]+$).*)";
  for (const rule of table) {
    if (rule.source === "/sitemap.xml") rules.push(rule);
    else rules.push({ ...rule, destination: `/${DEFAULT_LOCALE}${rule.destination}` });
  }
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    rules.push({ source: page, has: [{ type: "cookie", key: LOCALE_COOKIE, value: locale }], destination: `/${locale}/:path` });
  }
  rules.push({ source: page, destination: `/${DEFAULT_LOCALE}/:path` });
  return rules;
}
