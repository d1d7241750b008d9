// GET /api/all_surveys?sort=&category=&page=&limit=: one page of published surveys, as an array
// (the surveyor's address only for that surveyor and admins: added after the shared cache, never in it)
import { NextResponse } from "next/server";
import { surveyJsonFor, surveyJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { siteToday } from "@/lib/site-dates";
import { surveyorEmailsFor } from "@/lib/surveys/queries";
import { cachedSurveyList } from "@/lib/surveys/cache";
import { surveyListQuerySchema } from "@/lib/surveys/list-schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "public",
  query: surveyListQuerySchema,
  doc: {
    tag: "Surveys",
    summary: "List published surveys",
    description:
      "One page of published surveys, most votes (or newest) first. Still an array, as the original answered. `surveyorEmail` is null except for the surveyor's own surveys and for admins (then `private, no-store`).",
    answers: [answer("The page's surveys", z.array(surveyJsonSchema))],
  },
  handler: async ({ query, user }) => {
    const list = await cachedSurveyList(query.sort, query.category, query.page, query.limit);
    const emails = await surveyorEmailsFor(user, list);
    // An answer with an address in it is for this caller alone: never for a shared cache.
    return NextResponse.json(list.map(surveyJsonFor(user, siteToday(), emails)), emails.size ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
