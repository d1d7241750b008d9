// GET /api/v1/surveys/{id}/voters?cursor=&limit=: one of the key owner's surveys' voters, in voting order (results:read)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { getOwnSurvey } from "@/lib/integrations/v1/surveys";
import { listVotersPage } from "@/lib/integrations/v1/voters";
import { v1ListQuerySchema, v1SurveyParamsSchema, v1VoterPageSchema } from "@/lib/integrations/v1/schemas";

export const GET = route({
  auth: "manageOwnSurveys",
  scope: "results:read",
  params: v1SurveyParamsSchema,
  query: v1ListQuerySchema,
  doc: {
    tag: "API v1",
    summary: "My survey's voters",
    description:
      "Who voted and how, with their comment, in the order they voted, a page at a time (`nextCursor`): what the dashboard's voters list shows. Voided votes are left out. Any survey that is not the key owner's is 404.",
    answers: [answer("A page of voters", v1VoterPageSchema)],
  },
  handler: async ({ user, params, query }) => {
    const survey = await getOwnSurvey(user.id, params.id);
    return listVotersPage(survey.id, query);
  },
});
