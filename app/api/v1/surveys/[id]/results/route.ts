// GET /api/v1/surveys/{id}/results: one of the key owner's surveys' counts with their stats (results:read)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { ownSurveyResults } from "@/lib/integrations/v1/surveys";
import { v1ResultsSchema, v1SurveyParamsSchema } from "@/lib/integrations/v1/schemas";

export const GET = route({
  auth: "manageOwnSurveys",
  scope: "results:read",
  params: v1SurveyParamsSchema,
  doc: {
    tag: "API v1",
    summary: "My survey's results",
    description:
      "The counts and what they say: n, the yes share, its 95% interval and the verdict, with the result in words. Its owner sees them always, even while the survey keeps them from the public until its deadline. Any survey that is not the key owner's is 404.",
    answers: [answer("The results", v1ResultsSchema)],
  },
  handler: async ({ user, params }) => ownSurveyResults(user.id, params.id),
});
