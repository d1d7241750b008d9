// Where a survey travels: its absolute public address, the embed's address and snippet, the share
// links of the usual services, and the oEmbed discovery address. Built on the site's public address
// (AUTH_URL), so a shared or embedded link always points at the real site.
import { escapeHtml } from "@/lib/mail/templates";
import { siteUrl } from "@/lib/seo";
import { surveyHref } from "@/lib/public-urls";

export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

export const surveyUrl = (id: string) => `${siteUrl()}${surveyHref(id)}`;

export const embedPath = (id: string, theme: EmbedTheme = "light") => `/embed/survey/${id}${theme === "dark" ? "?theme=dark" : ""}`;

/**
 * The `<iframe>` another site pastes; `title` names the frame for screen readers. `size` is the
 * survey's (`embedSize`, lib/sharing/embed-size.ts): high enough for its card in a phone's column.
 */
export function embedSnippet(id: string, title: string, size: { width: number; height: number }, theme: EmbedTheme = "light") {
  return `<iframe src="${siteUrl()}${embedPath(id, theme)}" width="${size.width}" height="${size.height}" style="border:0;max-width:100%;color-scheme:light" title="${escapeHtml(title)} (OPINEX survey)" loading="lazy"></iframe>`;
}

/** Links that open each service's own share screen with the survey's address (and question). */
export function shareLinks(id: string, title: string) {
  const url = surveyUrl(id);
  const text = `${title}: vote yes or no on OPINEX`;
  return {
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
    x: `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  };
}

/** The oEmbed endpoint for a survey page (its discovery `<link>`). */
export const oembedHref = (id: string) => `/api/oembed?url=${encodeURIComponent(surveyUrl(id))}&format=json`;

/** The QR code image of a survey's address. */
export const qrHref = (id: string, format: "svg" | "png", download = false) => `/api/survey/${id}/qr?format=${format}${download ? "&download=1" : ""}`;
