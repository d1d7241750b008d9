// PUT /api/report_survey/{id}: the caller's one report of a survey
import { preflight, route } from "@/lib/api/handler";
import { assertSelf, rolesFor } from "@/lib/auth/permissions";
import { reportSurvey } from "@/lib/services/reports";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const PUT = route({
  auth: rolesFor("report"),
  params: surveyIdParamsSchema,
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, params, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const report = await reportSurvey({ surveyId: params.id, userId: user.id, role: user.role });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, insertedId: report.id };
  },
});

export const OPTIONS = preflight;
