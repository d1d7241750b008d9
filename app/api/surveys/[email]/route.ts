// GET /api/surveys/{email}: one surveyor's surveys, unpublished ones and feedback included (that surveyor or an admin)
import { surveyJsonFor, ownSurveyJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { listSurveysOfSurveyor } from "@/lib/surveys/workspace";
import { siteToday } from "@/lib/site-dates";
import { surveyorEmailsFor } from "@/lib/surveys/queries";
import { surveyorEmailParamsSchema } from "@/lib/surveys/list-schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "manageOwnSurveys",
  params: surveyorEmailParamsSchema,
  doc: {
    tag: "Surveyor",
    summary: "A surveyor's surveys",
    description: "One surveyor's surveys, unpublished ones and the admins' feedback included.",
    who: "that surveyor, or an admin",
    answers: [answer("The surveys", z.array(ownSurveyJsonSchema))],
  },
  handler: async ({ params, user }) => {
    const list = await listSurveysOfSurveyor(params.email, user);
    const toJson = surveyJsonFor(user, siteToday(), await surveyorEmailsFor(user, list));
    return list.map((s) => ({ ...toJson(s), feedback: s.feedback }));
  },
});

export const OPTIONS = preflight;
