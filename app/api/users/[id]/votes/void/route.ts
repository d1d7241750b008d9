// POST /api/users/{id}/votes/void: an admin voids every vote of a suspended account (kept as rows,
// counted nowhere); DELETE counts them again. Both idempotent, both audited; the public pages of the
// surveys concerned are refreshed at once (the operations' events, lib/events.ts).
import { route } from "@/lib/api/handler";
import { restoreVotes, voidVotes } from "@/lib/services/suspension";
import { moderationReasonSchema, userIdParamsSchema } from "@/lib/validation/admin";

export const POST = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  body: moderationReasonSchema,
  maxBodyBytes: 8 * 1024,
  handler: async ({ user, params, body }) => {
    const result = await voidVotes(params.id, body.reason, user.id);
    return { id: result.id, voided: result.voided, surveys: result.surveys.length };
  },
});

export const DELETE = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  handler: async ({ user, params }) => {
    const result = await restoreVotes(params.id, user.id);
    return { id: result.id, restored: result.restored, surveys: result.surveys.length };
  },
});
