import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/seo";

// Served per request so the sitemap address follows AUTH_URL where the site is deployed.
export const dynamic = "force-dynamic";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/dashboard", "/api", "/payment"] }],
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
