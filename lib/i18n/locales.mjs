// The site's languages and how a request chooses one. Plain JavaScript: the production server
// (server/index.mjs) decides the language before Next, without TypeScript.
//
// English is the default and keeps every address it had (`/surveys`); Spanish and German live under a
// prefix (`/es/surveys`, `/de/survey/details/{id}`). Inside the app every page sits under a `[locale]`
// segment (app/[locale]/...), so each language of a cached page is its own cached copy: the server
// hands Next `/en/c/surveys/...` for `/surveys` and `/es/c/surveys/...` for `/es/surveys`.
// Safe for the browser (the switcher and links use it): the request's negotiation, with its libraries,
// is in lib/i18n/negotiate.mjs.

export const LOCALES = /** @type {const} */ (["en", "es", "de"]);
export const DEFAULT_LOCALE = "en";
/** The visitor's choice, set by the footer's language switcher (a year; read by the server). */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
/** Each language's name in itself, for the switcher. */
export const LOCALE_NAMES = { en: "English", es: "Español", de: "Deutsch" };

/** @param {unknown} value @returns {value is "en" | "es" | "de"} */
export function isLocale(value) {
  return typeof value === "string" && /** @type {readonly string[]} */ (LOCALES).includes(value);
}

/**
 * A path's language prefix and the rest: `/es/surveys` → `{ prefix: "es", rest: "/surveys" }`,
 * `/de` → `{ prefix: "de", rest: "/" }`, `/surveys` → `{ prefix: null, rest: "/surveys" }`.
 * @param {string} pathname
 */
export function splitLocale(pathname) {
  const match = /^\/(en|es|de)(?=\/|$)/.exec(pathname);
  if (!match) return { prefix: null, rest: pathname };
  return { prefix: /** @type {"en" | "es" | "de"} */ (match[1]), rest: pathname.slice(match[0].length) || "/" };
}

/**
 * A page's address in a language: English unprefixed, the others under their prefix. `path` is an
 * unprefixed path, with or without a query or fragment.
 * @param {string} locale
 * @param {string} path
 */
export function localePath(locale, path) {
  if (locale === DEFAULT_LOCALE || !isLocale(locale)) return path;
  if (path === "/") return `/${locale}`;
  if (path.startsWith("/?") || path.startsWith("/#")) return `/${locale}${path.slice(1)}`;
  return `/${locale}${path}`;
}

/**
 * The language chosen with the switcher, from a Cookie header, or null.
 * @param {string | undefined} cookieHeader
 */
export function cookieLocale(cookieHeader) {
  if (!cookieHeader || !cookieHeader.includes(LOCALE_COOKIE)) return null;
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([a-z]{2})(?:;|$)`).exec(cookieHeader);
  return match && isLocale(match[1]) ? match[1] : null;
}

/**
 * A page's addresses in every language, for `hreflang` alternates and the sitemap: `path` is the
 * unprefixed path.
 * @param {string} path
 */
export function localeAlternates(path) {
  return { en: path, es: localePath("es", path), de: localePath("de", path), "x-default": path };
}
