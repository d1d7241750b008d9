// next-intl's server functions outside Next: vitest calls pages, layouts and server components as
// functions, with no request and no plugin to name lib/i18n/request.ts (next-intl's own build for
// non-server code only throws). The language is the one the page's `localised` wrapper set with
// `setRequestLocale` (English when a test passes no `locale` param), the texts are messages/'s, the
// time zone the app's.
import { createFormatter, createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales.mjs";
import { loadMessages, type Messages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/types";

let requestLocale: Locale = DEFAULT_LOCALE;

export function setRequestLocale(locale: string) {
  requestLocale = isLocale(locale) ? locale : DEFAULT_LOCALE;
}

const timeZone = () => process.env.APP_TIME_ZONE || "UTC";
const localeOf = (options?: { locale?: string }) => (options?.locale && isLocale(options.locale) ? options.locale : requestLocale);

export async function getLocale(): Promise<Locale> {
  return requestLocale;
}

export async function getTimeZone(): Promise<string> {
  return timeZone();
}

export async function getNow(): Promise<Date> {
  return new Date();
}

export async function getMessages(options?: { locale?: string }): Promise<Messages> {
  return loadMessages(localeOf(options));
}

/** `getTranslations("area")` or `getTranslations({ locale, namespace })`, as in Next. */
export async function getTranslations(options?: string | { locale?: string; namespace?: string }) {
  const { locale, namespace } = typeof options === "object" ? { locale: localeOf(options), namespace: options.namespace } : { locale: requestLocale, namespace: options };
  // Typed loosely here: the pages' own calls are typed by next-intl's declarations.
  return createTranslator({ locale, messages: (await loadMessages(locale)) as Record<string, unknown>, namespace: namespace as never, timeZone: timeZone() });
}

export async function getFormatter(options?: { locale?: string }) {
  return createFormatter({ locale: localeOf(options), timeZone: timeZone() });
}

export function getRequestConfig<T>(make: T): T {
  return make;
}
