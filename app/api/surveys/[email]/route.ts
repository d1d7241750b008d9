// GET /api/surveys/{email}: one surveyor's surveys, unpublished ones and feedback included (that surveyor or an admin)
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { listSurveysOfSurveyor, siteToday } from "@/lib/services/surveyor-workspace";
import { surveyorEmailParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: ["surveyor", "admin"],
  params: surveyorEmailParamsSchema,
  handler: async ({ params, user }) => {
    const toJson = surveyJsonFor(user, siteToday());
    return (await listSurveysOfSurveyor(params.email, user)).map((s) => ({ ...toJson(s), feedback: s.feedback }));
  },
});

export const OPTIONS = preflight;
