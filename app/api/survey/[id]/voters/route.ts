// GET /api/survey/{id}/voters: one page of a survey's voters, in voting order (its surveyor or an admin)
import { votersPageSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { getManagedSurvey } from "@/lib/surveys/workspace";
import { listVoters } from "@/lib/surveys/voters";
import { apiPageQuerySchema } from "@/lib/surveys/schema";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "manageOwnSurveys",
  params: surveyIdParamsSchema,
  query: apiPageQuerySchema,
  doc: {
    tag: "Surveyor",
    summary: "A survey's voters",
    description: "One page of a survey's voters, in voting order.",
    who: "the survey's own surveyor, or an admin",
    answers: [answer("One page of voters", votersPageSchema)],
  },
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
