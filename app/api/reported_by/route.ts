// POST /api/reported_by: the surveys the caller reported, with their status
import { withMongoId } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { assertSelf, rolesFor } from "@/lib/auth/permissions";
import { listReportedSurveys } from "@/lib/services/reports";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const POST = route({
  auth: rolesFor("report"),
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listReportedSurveys(user.id);
    return rows.map(withMongoId);
  },
});

export const OPTIONS = preflight;
