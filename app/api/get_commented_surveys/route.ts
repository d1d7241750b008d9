// POST /api/get_commented_surveys: the surveys the caller (pro_user) commented on, with only their own comment
import { withMongoId } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { assertSelf, rolesFor } from "@/lib/auth/permissions";
import { listCommentedSurveys } from "@/lib/services/votes";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const POST = route({
  auth: rolesFor("viewOwnComments"),
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listCommentedSurveys(user.id);
    // The original kept comments in an array on the survey; the caller's own is the only one shown.
    return rows.map(({ comment, ...survey }) => ({ ...withMongoId(survey), comment: [{ userEmail: user.email, comment }] }));
  },
});

export const OPTIONS = preflight;
