import { z } from "./zod";
import { LIST_PAGE_MAX } from "@/lib/surveys/list-schema";

// Paging of the dashboard lists (pages and their API calls): the page lives in the URL, and every
// list query is `limit … offset …` over an index, so a long list costs no more than a short one.
export const DASHBOARD_PAGE_SIZE = 20;

export const pageNumberSchema = z.coerce
  .number({ error: "page must be a whole number from 1" })
  .int("page must be a whole number from 1")
  .min(1, "page must be a whole number from 1")
  .max(LIST_PAGE_MAX, `page must be at most ${LIST_PAGE_MAX}`)
  .meta({ description: "The page, from 1" });

/**
 * The deepest page of a dashboard list: 200,000 rows at 20 a page, every voter of a survey with
 * 100,000 of them and every account of a large site. (The public list and the API stop at
 * LIST_PAGE_MAX; a dashboard page's own links must all lead somewhere.)
 */
export const DASHBOARD_PAGE_MAX = 10_000;
const dashboardPageSchema = z.coerce.number().int().min(1).max(DASHBOARD_PAGE_MAX);

/** A page number from a URL; a hand-edited or missing value reads as page 1 rather than failing. */
export function readPage(raw: string | string[] | undefined): number {
  const parsed = dashboardPageSchema.safeParse(typeof raw === "string" ? raw : undefined);
  return parsed.success ? parsed.data : 1;
}

/** Limit and offset of one page. */
export const pageWindow = (page: number, size = DASHBOARD_PAGE_SIZE) => ({ limit: size, offset: (page - 1) * size });

/** How many pages `total` rows fill (at least one, so an empty list still has "page 1"). */
export const pageCount = (total: number, size = DASHBOARD_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));
