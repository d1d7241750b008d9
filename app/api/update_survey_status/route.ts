// POST /api/update_survey_status: an admin publishes or unpublishes a survey (unpublishing needs feedback)
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { setSurveyStatus } from "@/lib/services/moderation";
import { FEEDBACK_MAX, updateSurveyStatusSchema } from "@/lib/validation/admin";

export const POST = route({
  auth: rolesFor("moderateSurveys"),
  body: updateSurveyStatusSchema,
  maxBodyBytes: FEEDBACK_MAX * 4 + 1024,
  handler: async ({ body, user }) => {
    return setSurveyStatus({ actorId: user.id, surveyId: body.id, status: body.status, feedbackMessage: body.feedbackMessage });
  },
});
