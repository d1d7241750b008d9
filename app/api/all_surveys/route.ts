// GET /api/all_surveys?sort=&category=&status=&q=&page=&limit=: one page of published surveys, as an array
// (the surveyor's address only for that surveyor and admins: added after the shared cache, never in it)
import { NextResponse } from "next/server";
import { surveyJsonFor, surveyJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { siteToday } from "@/lib/site-dates";
import { surveyorEmailsFor } from "@/lib/surveys/queries";
import { cachedListPage } from "@/lib/surveys/cache";
import { surveyListQuerySchema } from "@/lib/surveys/list-schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "public",
  query: surveyListQuerySchema,
  doc: {
    tag: "Surveys",
    summary: "List published surveys",
    description:
      "One page of published surveys, most votes (or newest) first, as `/surveys` lists them: of one category, only open or closed ones (`status`, by the deadline in the site's time zone), matching a search (`q`: words of the title, question and description, English stemming, normalised as the page does). Still an array, as the original answered. `surveyorEmail` is null except for the surveyor's own surveys and for admins (then `private, no-store`).",
    answers: [answer("The page's surveys", z.array(surveyJsonSchema))],
  },
  handler: async ({ query, user }) => {
    const list = await cachedListPage(query);
    const emails = await surveyorEmailsFor(user, list);
    // An answer with an address in it is for this caller alone: never for a shared cache.
    return NextResponse.json(list.map(surveyJsonFor(user, siteToday(), emails)), emails.size ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
