// POST /api/get_participated_survey: the surveys the caller voted on, with their own vote
import { withMongoId } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { assertSelf, rolesFor } from "@/lib/auth/permissions";
import { listParticipatedSurveys } from "@/lib/services/votes";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const POST = route({
  auth: rolesFor("viewOwnParticipation"),
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listParticipatedSurveys(user.id);
    return rows.map(withMongoId);
  },
});

export const OPTIONS = preflight;
