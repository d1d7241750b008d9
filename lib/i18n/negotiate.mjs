// The server's side of choosing a language (lib/i18n/routing.mjs): what the browser asks for, and
// whether it is a robot. Kept apart from lib/i18n/locales.mjs so that the browser never loads these
// libraries.
import Negotiator from "negotiator";
import { isbot } from "isbot";
import { isLocale, LOCALES } from "./locales.mjs";

/**
 * The language a browser asks for first among ours (`Accept-Language`), or null when it names none.
 * @param {string | undefined} acceptLanguage
 */
export function negotiateLocale(acceptLanguage) {
  if (!acceptLanguage) return null;
  const [best] = new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages([...LOCALES]);
  return isLocale(best) ? best : null;
}

/** A search engine's or another robot's request (never redirected by language). @param {string | undefined} userAgent */
export function isCrawler(userAgent) {
  return isbot(userAgent ?? "");
}
