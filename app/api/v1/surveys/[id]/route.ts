// GET /api/v1/surveys/{id}: one of the key owner's surveys (surveys:read)
// PATCH /api/v1/surveys/{id}: changes some of its fields (surveys:write)
import { z } from "zod";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { getOwnSurvey, updateOwnSurvey } from "@/lib/integrations/v1/surveys";
import { v1SurveyParamsSchema, v1SurveySchema, v1UpdateSurveySchema } from "@/lib/integrations/v1/schemas";

export const GET = route({
  auth: "manageOwnSurveys",
  scope: "surveys:read",
  params: v1SurveyParamsSchema,
  doc: {
    tag: "API v1",
    summary: "One of my surveys",
    description: "Any survey that is not the key owner's is 404, as an unknown one.",
    answers: [answer("The survey", v1SurveySchema)],
  },
  handler: async ({ user, params }) => getOwnSurvey(user.id, params.id),
});

export const PATCH = route({
  auth: "manageOwnSurveys",
  scope: "surveys:write",
  params: v1SurveyParamsSchema,
  // Parsed by the service, once the survey is known to be the caller's: its own deadline may be kept.
  body: z.unknown(),
  maxBodyBytes: 32 * 1024,
  doc: {
    tag: "API v1",
    summary: "Change one of my surveys",
    description:
      "Any of the form's fields, at least one; the others stay. The result is checked by the site's update rules: the deadline from today on, or the survey's own if earlier. Counts, status or any other field are refused (400). Any survey that is not the key owner's is 404.",
    body: v1UpdateSurveySchema,
    answers: [answer("The survey as changed", v1SurveySchema)],
  },
  handler: async ({ user, params, body }) => updateOwnSurvey(user.id, params.id, body),
});
