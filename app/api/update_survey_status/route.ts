// POST /api/update_survey_status: an admin publishes or unpublishes a survey (unpublishing needs feedback)
import { modifiedSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { setSurveyStatus } from "@/lib/moderation/moderation";
import { FEEDBACK_MAX, updateSurveyStatusSchema } from "@/lib/moderation/schema";

export const POST = route({
  auth: "moderateSurveys",
  body: updateSurveyStatusSchema,
  maxBodyBytes: FEEDBACK_MAX * 4 + 1024,
  doc: {
    tag: "Admin",
    summary: "Publish or unpublish a survey",
    description: "Audited. Unpublishing needs a non-blank `feedbackMessage` (422 without one); publishing keeps the last feedback.",
    answers: [answer("Whether the survey changed", modifiedSchema)],
    errors: [404, 422],
  },
  handler: async ({ body, user }) => {
    return setSurveyStatus({ actorId: user.id, surveyId: body.id, status: body.status, feedbackMessage: body.feedbackMessage });
  },
});
