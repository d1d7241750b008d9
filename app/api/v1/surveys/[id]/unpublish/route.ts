// POST /api/v1/surveys/{id}/unpublish: the key owner withdraws their survey from the public site (surveys:write)
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { unpublishOwnSurvey } from "@/lib/moderation/moderation";
import { getOwnSurvey } from "@/lib/integrations/v1/surveys";
import { v1SurveyParamsSchema, v1SurveySchema } from "@/lib/integrations/v1/schemas";

export const POST = route({
  auth: "manageOwnSurveys",
  scope: "surveys:write",
  idempotent: true,
  params: v1SurveyParamsSchema,
  doc: {
    tag: "API v1",
    summary: "Unpublish one of my surveys",
    description:
      "Takes it off the public site at once, as status `unpublish`; its votes and results stay. Already unpublished, nothing changes. To publish it again, ask the admins for a review from the dashboard. Any survey that is not the key owner's is 404.",
    answers: [answer("The survey, unpublished", v1SurveySchema)],
  },
  handler: async ({ user, params }) => {
    if (!(await unpublishOwnSurvey(user.id, params.id))) throw notFound("No such survey among yours");
    return getOwnSurvey(user.id, params.id);
  },
});
