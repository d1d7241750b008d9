import type { Metadata } from "next";
import { localeAlternates, localePath } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";

export const SITE_NAME = "OPINEX";

/** Open Graph's name of each language. */
export const OG_LOCALES = { en: "en_US", es: "es_ES", de: "de_DE" } as const;

/**
 * Title, description, canonical URL, the page's addresses in the other languages (`hreflang`), and
 * the Open Graph and Twitter tags of one public page. `path` is the unprefixed path; the canonical is
 * the page's own language's address. Next replaces a parent's `openGraph` object instead of merging
 * it, so each page states all of it.
 */
export function pageMetadata({ title, description, path, locale = "en" }: { title: string; description: string; path: string; locale?: Locale }): Metadata {
  const url = localePath(locale, path);
  return {
    title,
    description,
    alternates: { canonical: url, languages: localeAlternates(path) },
    openGraph: { title, description, url, siteName: SITE_NAME, type: "website", locale: OG_LOCALES[locale] },
    twitter: { card: "summary_large_image", title, description },
  };
}

/** The site's public address (AUTH_URL, which Auth.js also needs), for absolute URLs. */
export function siteUrl(): string {
  return (process.env.AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}
