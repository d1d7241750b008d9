// POST /api/get_commented_surveys: the surveys the caller (pro_user) commented on, with only their own comment
import { withMongoId, commentedSurveySchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { listCommentedSurveys } from "@/lib/votes/votes";
import { ownIdentityBodySchema } from "@/lib/votes/schema";
import { z } from "@/lib/validation/zod";

export const POST = route({
  auth: "viewOwnComments",
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Voting",
    summary: "My comments",
    description: "The surveys the caller commented on, with only their own comment. A read sent as POST, as the original client does.",
    who: "own data only",
    answers: [answer("The surveys", z.array(commentedSurveySchema))],
  },
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listCommentedSurveys(user.id);
    // The original kept comments in an array on the survey; the caller's own is the only one shown.
    return rows.map(({ comment, ...survey }) => ({ ...withMongoId(survey), comment: [{ userEmail: user.email, comment }] }));
  },
});

export const OPTIONS = preflight;
