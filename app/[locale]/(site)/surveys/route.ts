// Every valid view of /surveys is rewritten to its cached page (lib/public-urls.ts), so
// only a hand-edited or stale query, or a search not yet normalised (the search form without
// JavaScript sends what was typed), reaches this handler: 307 to the nearest valid view, each bad
// field at its default, the search normalised (dropped when nothing is left of it) and a page past
// the maximum at the last allowed page (a plain redirect, not a page, so a loading state can never
// turn it into a 200). The redirect stays in the page's language (`/es/surveys?page=junk` → `/es/surveys`).
import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/api/handler";
import { localePath, LOCALES } from "@/lib/i18n/locales.mjs";
import { listHref } from "@/lib/public-urls";
import { LIST_PAGE_MAX, normaliseSearch, surveyListQuerySchema, type SurveySort, type SurveyStatusFilter } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "none",
  params: z.object({ locale: z.enum(LOCALES) }),
  handler: ({ request, params }) => {
    const query = request.nextUrl.searchParams;
    // The last of a repeated parameter counts, as in the rewrite table.
    const last = (key: string) => query.getAll(key).at(-1);
    const field = <T,>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, key: string): T => {
      const parsed = schema.safeParse(last(key) || undefined);
      return (parsed.success ? parsed.data : schema.safeParse(undefined).data) as T;
    };
    const { shape } = surveyListQuerySchema;
    const sort = field<SurveySort>(shape.sort, "sort");
    const category = field<string | undefined>(shape.category, "category") ?? "";
    const status = field<SurveyStatusFilter | undefined>(shape.status, "status") ?? "";
    const q = normaliseSearch(last("q") ?? "");
    const page = Number(last("page"));
    const target = listHref({ sort, category, status, q, page: Number.isInteger(page) && page > 1 ? Math.min(page, LIST_PAGE_MAX) : 1 });
    return NextResponse.redirect(new URL(localePath(params.locale, target), request.nextUrl.origin), 307);
  },
});
