// Every valid view of /surveys is rewritten to its cached page (lib/public-urls.ts), so
// only a hand-edited or stale query reaches this handler: 307 to the nearest valid view, each bad
// field at its default and a page past the maximum at the last allowed page (a plain redirect, not
// a page, so a loading state can never turn it into a 200).
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { listHref } from "@/lib/public-urls";
import { LIST_PAGE_MAX, surveyListQuerySchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "none",
  handler: ({ request }) => {
    const query = request.nextUrl.searchParams;
    const field = <T,>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, key: string): T => {
      const parsed = schema.safeParse(query.get(key) ?? undefined);
      return (parsed.success ? parsed.data : schema.safeParse(undefined).data) as T;
    };
    const { shape } = surveyListQuerySchema;
    const sort = field<"totalVotes" | "createdAt">(shape.sort, "sort");
    const category = field<string | undefined>(shape.category, "category") ?? "";
    const page = Number(query.get("page"));
    const target = listHref({ sort, category, page: Number.isInteger(page) && page > 1 ? Math.min(page, LIST_PAGE_MAX) : 1 });
    return NextResponse.redirect(new URL(target, request.nextUrl.origin), 307);
  },
});
