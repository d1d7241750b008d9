// The page's language on the server. Every page and layout under app/[locale] is wrapped in
// `localised`, which hands its `[locale]` segment to next-intl before anything renders: the cached
// pages stay static (next-intl would otherwise read a request header), and a client navigation that
// renders only the new page still knows its language.
import "server-only";
import { setRequestLocale } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "./locales.mjs";
import type { Locale } from "./types";

type WithParams = { params?: Promise<object> };

/** The language of a page's or layout's `params`, now also next-intl's for this request. */
export async function localeFromParams(params: Promise<object> | undefined): Promise<Locale> {
  const { locale } = ((await params) ?? {}) as { locale?: string };
  const known = isLocale(locale) ? locale : DEFAULT_LOCALE;
  setRequestLocale(known);
  return known;
}

/** A page or layout that renders in its `[locale]` segment's language. */
export function localised<P extends object, R>(Component: (props: P) => R) {
  return async function Localised(props: P & WithParams): Promise<Awaited<R>> {
    await localeFromParams(props.params);
    return await Component(props);
  };
}
