// GET /api/survey/{id}/voters: one page of a survey's voters, in voting order (its surveyor or an admin)
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { getManagedSurvey } from "@/lib/services/surveyor-workspace";
import { listVoters } from "@/lib/services/survey-voters";
import { apiPageQuerySchema } from "@/lib/validation/survey-form";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: rolesFor("manageOwnSurveys"),
  params: surveyIdParamsSchema,
  query: apiPageQuerySchema,
  handler: async ({ user, params, query }) => {
    const survey = await getManagedSurvey(params.id, user);
    const total = survey.yesCount + survey.noCount;
    const voters = await listVoters(survey.id, { limit: query.limit, offset: (query.page - 1) * query.limit }, total);
    return {
      total,
      page: query.page,
      limit: query.limit,
      voters: voters.map((v) => ({ userName: v.userName, userEmail: v.userEmail, vote: v.vote, comment: v.comment, createdAt: v.votedAt.toISOString() })),
    };
  },
});

export const OPTIONS = preflight;
