// GET /sitemap.xml (mapped here by the server, see lib/public-rewrites.mjs): a cached
// response generated on its first request (there is no database at build time) and expired with the
// survey list's tag, so a survey that is unpublished leaves it at once.
// Each page once per language (English unprefixed, /es, /de), each entry naming all three and the
// default as `xhtml:link` alternates, as search engines read them. A sitemap holds at most 50,000
// addresses, so the newest SITEMAP_SURVEYS surveys are listed (three addresses each).
// Not route(): the wrapper reads the request's headers (request id, Origin, CORS), and reading them
// in a cached (ISR) handler makes Next render it per request; this answer reads nothing personal.
import { notFound } from "next/navigation";
import { cachedSurveyIds } from "@/lib/surveys/cache";
import { SITEMAP_PAGES, surveyHref } from "@/lib/public-urls";
import { localeAlternates, LOCALES, localePath } from "@/lib/i18n/locales.mjs";
import { siteUrl } from "@/lib/seo";

/** The newest surveys listed: with three languages each and the other pages, under 50,000 addresses. */
const SITEMAP_SURVEYS = 16_000;

export const revalidate = 3600;
export async function generateStaticParams() {
  return [];
}

type Entry = { path: string; lastModified?: string; changeFrequency: string; priority: number };

async function entries(): Promise<Entry[]> {
  const surveys = (await cachedSurveyIds()).slice(0, SITEMAP_SURVEYS);
  return [
    ...SITEMAP_PAGES,
    ...surveys.map((s) => ({ path: surveyHref(s.id), lastModified: s.createdAt, changeFrequency: "daily", priority: 0.8 })),
  ];
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One page's entries, one per language, each naming every language's address. */
function urls(base: string, entry: Entry): string[] {
  const lastmod = entry.lastModified ? `<lastmod>${new Date(entry.lastModified).toISOString()}</lastmod>` : "";
  const links = Object.entries(localeAlternates(entry.path))
    .map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${xml(base + path)}"/>`)
    .join("");
  return LOCALES.map(
    (locale) => `<url><loc>${xml(base + localePath(locale, entry.path))}</loc>${links}${lastmod}<changefreq>${entry.changeFrequency}</changefreq><priority>${entry.priority}</priority></url>`,
  );
}

export async function GET(_request: Request, { params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  const base = siteUrl();
  const body = (await entries()).flatMap((entry) => urls(base, entry));
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
  return new Response(`${head}${body.join("\n")}\n</urlset>\n`, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
