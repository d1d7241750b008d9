// GET /api/surveys/{email}: one surveyor's surveys, unpublished ones and feedback included (that surveyor or an admin)
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { listSurveysOfSurveyor, siteToday } from "@/lib/services/surveyor-workspace";
import { surveyorEmailsFor } from "@/lib/services/surveys";
import { surveyorEmailParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: ["surveyor", "admin"],
  params: surveyorEmailParamsSchema,
  handler: async ({ params, user }) => {
    const list = await listSurveysOfSurveyor(params.email, user);
    const toJson = surveyJsonFor(user, siteToday(), await surveyorEmailsFor(user, list));
    return list.map((s) => ({ ...toJson(s), feedback: s.feedback }));
  },
});

export const OPTIONS = preflight;
