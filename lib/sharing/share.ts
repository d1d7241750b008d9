// Where a survey travels: its absolute public address, the embed's address and snippet, the share
// links of the usual services, and the oEmbed discovery address. Built on the site's public address
// (AUTH_URL), so a shared or embedded link always points at the real site; in the language of the page
// it was shared from (English unprefixed, the others under their prefix: lib/i18n/locales.mjs).
import { localePath } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";
import { escapeHtml } from "@/lib/mail/templates";
import { siteUrl } from "@/lib/seo";
import { surveyHref } from "@/lib/public-urls";
import { surveyTranslator } from "@/lib/surveys/results-translator";

export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

export const surveyUrl = (id: string, locale: Locale = "en") => `${siteUrl()}${localePath(locale, surveyHref(id))}`;

export const embedPath = (id: string, theme: EmbedTheme = "light") => `/embed/survey/${id}${theme === "dark" ? "?theme=dark" : ""}`;

/**
 * The `<iframe>` another site pastes; `title` (the survey's) names the frame for screen readers. `size`
 * is the survey's (`embedSize`, lib/sharing/embed-size.ts): high enough for its card in a phone's
 * column, in `locale`, the embed's language.
 */
export function embedSnippet(id: string, title: string, size: { width: number; height: number }, theme: EmbedTheme = "light", locale: Locale = "en") {
  const frameTitle = surveyTranslator(locale)("share.frameTitle", { title });
  return `<iframe src="${siteUrl()}${localePath(locale, embedPath(id, theme))}" width="${size.width}" height="${size.height}" style="border:0;max-width:100%;color-scheme:light" title="${escapeHtml(frameTitle)}" loading="lazy"></iframe>`;
}

/** Links that open each service's own share screen with the survey's address (and question). */
export function shareLinks(id: string, title: string, locale: Locale = "en") {
  const url = surveyUrl(id, locale);
  const text = surveyTranslator(locale)("share.text", { title });
  return {
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  };
}

/** The oEmbed endpoint for a survey page (its discovery `<link>`), in the page's language. */
export const oembedHref = (id: string, locale: Locale = "en") => `/api/oembed?url=${encodeURIComponent(surveyUrl(id, locale))}&format=json`;

/** The QR code image of a survey's address. */
export const qrHref = (id: string, format: "svg" | "png", download = false) => `/api/survey/${id}/qr?format=${format}${download ? "&download=1" : ""}`;
