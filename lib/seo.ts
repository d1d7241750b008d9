import type { Metadata } from "next";

export const SITE_NAME = "OPINEX";

/**
 * Title, description, canonical URL and the Open Graph and Twitter tags of one public page. Next
 * replaces a parent's `openGraph` object instead of merging it, so each page states all of it.
 */
export function pageMetadata({ title, description, path }: { title: string; description: string; path: string }): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, siteName: SITE_NAME, type: "website", locale: "en_US" },
    twitter: { card: "summary_large_image", title, description },
  };
}

/** The site's public address (AUTH_URL, which Auth.js also needs), for absolute URLs. */
export function siteUrl(): string {
  return (process.env.AUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
}
