// GET /api/get_latest_survey: the 6 newest published surveys
// (the surveyor's address only for that surveyor and admins: added after the shared cache, never in it)
import { NextResponse } from "next/server";
import { surveyJsonFor, surveyJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { siteToday } from "@/lib/site-dates";
import { surveyorEmailsFor } from "@/lib/surveys/queries";
import { cachedSurveyList } from "@/lib/surveys/cache";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "public",
  doc: {
    tag: "Surveys",
    summary: "Latest surveys",
    description: "The 6 newest published surveys. `surveyorEmail` is null except for the surveyor's own surveys and for admins.",
    answers: [answer("Up to 6 surveys", z.array(surveyJsonSchema).max(6))],
  },
  handler: async ({ user }) => {
    const list = await cachedSurveyList("createdAt", undefined, 1, 6);
    const emails = await surveyorEmailsFor(user, list);
    // An answer with an address in it is for this caller alone: never for a shared cache.
    return NextResponse.json(list.map(surveyJsonFor(user, siteToday(), emails)), emails.size ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
