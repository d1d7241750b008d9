// The public path of a page, from the internal route it renders as (lib/public-rewrites.mjs says
// which) or its public URL alike, without its language's segment. Apart from the table of rewrites so
// that the browser, which reads it on every page (the navigation's current link, where toasts may
// appear), gets these lines and not the table.

/**
 * The public path of an internal route (`/c/surveys/createdAt/Health/all/2` → `/surveys`), without its
 * language (`/es/surveys` → `/surveys`); any other path as it is. For what a page shows depending on where it is: during the request the app sees the
 * internal route, in the browser the public URL.
 * @param {string} pathname
 */
export function publicPathname(pathname) {
  // The language's segment first (lib/i18n/routing.mjs): `/es/c/home/index` and `/es` are both `/`.
  const language = /^\/(?:en|es|de)(?=\/|$)/.exec(pathname);
  if (language) pathname = pathname.slice(language[0].length) || "/";
  if (!pathname.startsWith("/c/")) return pathname;
  const [, , kind, id] = pathname.split("/");
  if (kind === "home") return "/";
  if (kind === "surveys") return "/surveys";
  if (kind === "pricing") return "/pricing";
  if (kind === "sitemap") return "/sitemap.xml";
  if (kind === "embed") return `/embed/survey/${id}`;
  return pathname;
}
