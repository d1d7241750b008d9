// PUT /api/report_survey/{id}: the caller's one report of a survey
import { reportResultSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { reportSurvey } from "@/lib/votes/reports";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { ownIdentityBodySchema } from "@/lib/votes/schema";

export const PUT = route({
  auth: "report",
  params: surveyIdParamsSchema,
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Voting",
    summary: "Report a survey",
    description:
      "The caller's one report of a published survey (409 for a second one). Where the site sends mail, an unverified address is refused (403 `email_unverified`).",
    who: "`userEmail` and `userName`, if sent, must be the caller's own",
    answers: [answer("The report", reportResultSchema)],
    errors: [404, 409],
  },
  handler: async ({ user, params, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const report = await reportSurvey({ surveyId: params.id, userId: user.id, role: user.role });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, insertedId: report.id };
  },
});

export const OPTIONS = preflight;
