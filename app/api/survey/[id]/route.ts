// GET /api/survey/{id}: one survey's public fields with its result (unpublished: only for its surveyor
// or an admin; counts hidden until the deadline when the surveyor chose so, except from them; the
// surveyor's address only for them and admins, added after the shared cache, never in it)
import { NextResponse } from "next/server";
import { toSurveyJson, surveyJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { readSurvey } from "@/lib/surveys/cache";
import { isClosed } from "@/lib/dates";
import { resultsHidden } from "@/lib/surveys/results-visibility";
import { siteToday } from "@/lib/site-dates";
import { surveyorEmailsFor } from "@/lib/surveys/queries";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Surveys",
    summary: "One survey",
    description:
      "A survey's public fields. An unpublished survey exists only for its surveyor and admins (404 for everyone else). `surveyorEmail` is the address for them only (then `private, no-store`), null for everyone else.",
    answers: [answer("The survey", surveyJsonSchema)],
  },
  handler: async ({ params, user }) => {
    const { survey, personal } = await readSurvey(params.id, user);
    const closed = isClosed(survey.deadline, siteToday());
    const hidden = resultsHidden(survey, closed, user);
    const email = (await surveyorEmailsFor(user, [survey])).get(survey.surveyorId) ?? null;
    // The surveyor or an admin reading counts the public may not see, or the address: never for a shared cache.
    const mine = personal || email !== null || hidden !== resultsHidden(survey, closed, null);
    return NextResponse.json(toSurveyJson(survey, hidden, email), mine ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
  },
});
export const OPTIONS = preflight;
