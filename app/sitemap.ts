import type { MetadataRoute } from "next";
import { cachedSurveyIds } from "@/lib/services/survey-cache";
import { siteUrl } from "@/lib/seo";
import { CATEGORIES } from "@/models/enums";

// Read at request time (there is no database at build time), from the tagged cache.
export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = siteUrl();
  const surveys = await cachedSurveyIds();
  const pages: MetadataRoute.Sitemap = [
    { url: `${base}/`, changeFrequency: "daily", priority: 1 },
    { url: `${base}/surveys`, changeFrequency: "hourly", priority: 0.9 },
    ...CATEGORIES.map((c) => ({ url: `${base}/surveys?category=${c}`, changeFrequency: "daily" as const, priority: 0.6 })),
    { url: `${base}/pricing`, changeFrequency: "monthly", priority: 0.5 },
    { url: `${base}/about`, changeFrequency: "yearly", priority: 0.3 },
    { url: `${base}/contact`, changeFrequency: "yearly", priority: 0.3 },
  ];
  return [
    ...pages,
    ...surveys.map((s) => ({
      url: `${base}/survey/details/${s.id}`,
      lastModified: s.createdAt,
      changeFrequency: "daily" as const,
      priority: 0.8,
    })),
  ];
}
