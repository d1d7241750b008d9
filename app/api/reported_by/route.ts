// POST /api/reported_by: the surveys the caller reported, with their status
import { withMongoId, reportedSurveySchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { listReportedSurveys } from "@/lib/votes/reports";
import { ownIdentityBodySchema } from "@/lib/votes/schema";
import { z } from "@/lib/validation/zod";

export const POST = route({
  auth: "report",
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Voting",
    summary: "My reports",
    description: "The surveys the caller reported, newest report first, with their status. A read sent as POST, as the original client does.",
    who: "own data only",
    answers: [answer("The surveys", z.array(reportedSurveySchema))],
  },
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listReportedSurveys(user.id);
    return rows.map(withMongoId);
  },
});

export const OPTIONS = preflight;
