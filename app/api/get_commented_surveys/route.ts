// POST /api/get_commented_surveys: the surveys the caller (pro_user) commented on, with only their own comment
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
    return rows.map(({ id, comment, ...survey }) => ({
      _id: id,
      ...survey,
      comment: [{ userEmail: user.email, comment }],
    }));
  },
});

export const OPTIONS = preflight;
