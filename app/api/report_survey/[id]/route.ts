// PUT /api/report_survey/{id}: the caller's one report of a survey
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { reportSurvey } from "@/lib/services/reports";
import { assertOwnIdentity } from "@/lib/services/votes";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const PUT = route({
  auth: rolesFor("report"),
  params: surveyIdParamsSchema,
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, params, body }) => {
    assertOwnIdentity(body, user);
    const report = await reportSurvey({ surveyId: params.id, userId: user.id, role: user.role });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, insertedId: report.id };
  },
});

export const OPTIONS = preflight;
