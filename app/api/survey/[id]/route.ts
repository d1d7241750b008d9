// GET /api/survey/{id}: one survey's public fields (unpublished: only for its surveyor or an admin)
import { NextResponse } from "next/server";
import { toSurveyJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { readSurvey } from "@/lib/cache/surveys";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  handler: async ({ params, user }) => {
    const { survey, personal } = await readSurvey(params.id, user);
    return NextResponse.json(toSurveyJson(survey), personal ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
