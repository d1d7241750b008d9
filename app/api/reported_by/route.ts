// POST /api/reported_by: the surveys the caller reported, with their status
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listReportedSurveys } from "@/lib/services/reports";
import { assertOwnIdentity } from "@/lib/services/votes";
import { ownIdentityBodySchema } from "@/lib/validation/vote";

export const POST = route({
  auth: rolesFor("report"),
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user, body }) => {
    assertOwnIdentity(body, user);
    const rows = await listReportedSurveys(user.id);
    return rows.map(({ id, ...survey }) => ({ _id: id, ...survey }));
  },
});

export const OPTIONS = preflight;
