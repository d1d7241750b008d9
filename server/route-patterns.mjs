// The route pattern a request reached (`/survey/details/[id]`, `/api/vote/[id]`), read from the
// build's own route table (.next/routes-manifest.json), so metrics are labelled by a bounded set of
// routes and never by a raw URL a client chose. Pages are labelled without their language's segment
// (`/[locale]/survey/details/[id]` is `/survey/details/[id]`): one series per page, whatever the language.
import fs from "node:fs";
import path from "node:path";
import { LRUCache } from "lru-cache";


/** @param {string} dir the app's folder (holding .next) */
export function loadRoutePatterns(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, ".next/routes-manifest.json"), "utf8"));
  const label = (page) => page.replace(/^\/\[locale\](?=\/|$)/, "") || "/";
  const exact = new Map();
  for (const route of manifest.staticRoutes ?? []) exact.set(route.page, label(route.page));
  const dynamic = (manifest.dynamicRoutes ?? []).map((route) => ({ page: label(route.page), regex: new RegExp(route.regex) }));
  // The pages asked for most (a cached page, a popular survey) are found once, not by trying every
  // dynamic route's pattern on each request.
  /** @type {LRUCache<string, string>} */
  const known = new LRUCache({ max: 2000 });
  return {
    /**
     * @param {import("node:http").IncomingMessage} req whose URL the server has already turned into
     *   its internal route if it was a cached page's public URL (server/index.mjs)
     */
    patternOf(req) {
      const pathname = (req.url ?? "/").split("?")[0];
      if (pathname.startsWith("/_next/static/")) return "/_next/static";
      if (pathname.startsWith("/_next/image")) return "/_next/image";
      const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
      const found = exact.get(trimmed) ?? known.get(pathname);
      if (found) return found;
      const pattern = dynamic.find((route) => route.regex.test(pathname))?.page ?? "(unmatched)";
      known.set(pathname, pattern);
      return pattern;
    },
  };
}
