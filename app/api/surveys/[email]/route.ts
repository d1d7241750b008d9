// GET /api/surveys/{email}: one surveyor's surveys, unpublished ones and feedback included (that surveyor or an admin)
import { toSurveyJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { listSurveysOfSurveyor } from "@/lib/services/surveyor-workspace";
import { surveyorEmailParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: ["surveyor", "admin"],
  params: surveyorEmailParamsSchema,
  handler: async ({ params, user }) =>
    (await listSurveysOfSurveyor(params.email, user)).map((s) => ({ ...toSurveyJson(s), feedback: s.feedback })),
});

export const OPTIONS = preflight;
