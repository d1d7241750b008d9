// POST /api/survey/{id}/review-request: the surveyor of an unpublished survey asks the admins to review it again
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { LIMITS } from "@/lib/limits/table";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { requestReview } from "@/lib/surveys/review-request";
import { reviewRequestAnswerSchema } from "@/lib/surveys/review-schema";

export const POST = route({
  auth: "manageOwnSurveys",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Surveyor",
    summary: "Ask for a review of an unpublished survey",
    description:
      `Asks the admins to review again a survey an admin unpublished: each admin is mailed, with the feedback it was unpublished with, and Manage Surveys marks it. Once per admin decision: a published survey, or one already asked about since the admin last published or unpublished it, is 409. At most ${LIMITS["reviews.account"].max} asks an hour per account (429). No body.`,
    who: "the survey's own surveyor (an admin only for a survey of their own)",
    answers: [answer("The review is requested", reviewRequestAnswerSchema)],
    errors: [403, 404, 409, 429],
  },
  handler: async ({ user, params }) => {
    const { reviewRequestedAt } = await requestReview({ surveyId: params.id, actorId: user.id });
    return { reviewRequestedAt: reviewRequestedAt.toISOString() };
  },
});
