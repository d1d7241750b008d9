// PUT /api/updateDocument/{id}: the owning surveyor (or an admin) changes a survey's form fields (the six texts and dates, and who sees the results)
import { z } from "zod";
import { acknowledgedUpdateSchema } from "@/lib/api/contract";
import { parseBody, preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { getManagedSurvey, updateSurveyFields } from "@/lib/surveys/workspace";
import { siteToday } from "@/lib/site-dates";
import { minDeadlineForUpdate, surveyFormSchema } from "@/lib/surveys/schema";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const PUT = route({
  auth: "manageOwnSurveys",
  params: surveyIdParamsSchema,
  // Parsed below, once the survey is known to be the caller's: its current deadline may be kept.
  body: z.unknown(),
  maxBodyBytes: 32 * 1024,
  doc: {
    tag: "Surveyor",
    summary: "Update a survey",
    description:
      "Changes a survey's six form fields. The deadline may not be before today, or before the survey's own deadline if that is earlier. Counts, status, owner, feedback or any other field are refused (400), never written.",
    who: "the survey's own surveyor, or an admin",
    body: surveyFormSchema(""),
    answers: [answer("Updated", acknowledgedUpdateSchema)],
  },
  handler: async ({ user, params, body }) => {
    const survey = await getManagedSurvey(params.id, user);
    // Strict: counts, status, owner, feedback, ids or dates in the body are refused (400), never written.
    const fields = parseBody(surveyFormSchema(minDeadlineForUpdate(siteToday(), survey.deadline)), body);
    const result = await updateSurveyFields(survey.id, fields);
    return { acknowledged: true, matchedCount: result.modifiedCount, ...result };
  },
});

export const OPTIONS = preflight;
