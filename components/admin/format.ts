// Shared by the admin lists (a plain function, no React); their dates are written by lib/dates.ts.

/** A URL of a paginated admin list with its filters kept (page 1 is left out). */
export function listHref(path: string, params: Record<string, string | undefined>, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
