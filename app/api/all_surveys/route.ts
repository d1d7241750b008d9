// GET /api/all_surveys?sort=&category=&page=&limit=: one page of published surveys, as an array
// (the surveyor's address only for that surveyor and admins: added after the shared cache, never in it)
import { NextResponse } from "next/server";
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { siteToday } from "@/lib/services/surveyor-workspace";
import { surveyorEmailsFor } from "@/lib/services/surveys";
import { cachedSurveyList } from "@/lib/cache/surveys";
import { surveyListQuerySchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  query: surveyListQuerySchema,
  handler: async ({ query, user }) => {
    const list = await cachedSurveyList(query.sort, query.category, query.page, query.limit);
    const emails = await surveyorEmailsFor(user, list);
    // An answer with an address in it is for this caller alone: never for a shared cache.
    return NextResponse.json(list.map(surveyJsonFor(user, siteToday(), emails)), emails.size ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
