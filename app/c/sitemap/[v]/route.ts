// GET /sitemap.xml (mapped here by the server, see lib/public-rewrites.mjs): a cached
// response generated on its first request (there is no database at build time) and expired with the
// survey list's tag, so a survey that is unpublished leaves it at once.
// Not route(): the wrapper reads the request's headers (request id, Origin, CORS), and reading them
// in a cached (ISR) handler makes Next render it per request; this answer reads nothing personal.
import type { MetadataRoute } from "next";
import { notFound } from "next/navigation";
import { cachedSurveyIds } from "@/lib/surveys/cache";
import { SITEMAP_PAGES, surveyHref } from "@/lib/public-urls";
import { siteUrl } from "@/lib/seo";

export const revalidate = 3600;
export async function generateStaticParams() {
  return [];
}

async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const surveys = await cachedSurveyIds();
  const pages: MetadataRoute.Sitemap = SITEMAP_PAGES.map(({ path, ...page }) => ({ url: `${base}${path}`, ...page }));
  return [
    ...pages,
    ...surveys.map((s) => ({
      url: `${base}${surveyHref(s.id)}`,
      lastModified: s.createdAt,
      changeFrequency: "daily" as const,
      priority: 0.8,
    })),
  ];
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function GET(_request: Request, { params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  const entries = (await sitemap()).map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${new Date(e.lastModified).toISOString()}</lastmod>` : "";
    return `<url><loc>${xml(e.url)}</loc>${lastmod}<changefreq>${e.changeFrequency}</changefreq><priority>${e.priority}</priority></url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
