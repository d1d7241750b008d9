// Formatting shared by the admin pages (plain functions, no React).
import { formatDateTime } from "@/lib/dates";

/** A URL of a paginated admin list with its filters kept (page 1 is left out). */
export function listHref(path: string, params: Record<string, string | undefined>, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** An instant in the app's time zone, named ("Nov 8, 2026, 3:04 PM UTC"); see lib/dates.ts. */
export function formatTime(date: Date, timeZone: string) {
  return `${formatDateTime(date, timeZone)} ${timeZone}`;
}
