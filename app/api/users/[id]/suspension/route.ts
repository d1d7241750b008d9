// POST /api/users/{id}/suspension: an admin suspends an account (it cannot sign in; every session and
// API token ends at once); DELETE lifts the suspension. Both idempotent, both audited.
import { route } from "@/lib/api/handler";
import { liftSuspension, suspendUser } from "@/lib/services/suspension";
import { moderationReasonSchema, userIdParamsSchema } from "@/lib/validation/admin";

export const POST = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  body: moderationReasonSchema,
  maxBodyBytes: 8 * 1024,
  handler: async ({ user, params, body }) => suspendUser(params.id, body.reason, user.id),
});

export const DELETE = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  handler: async ({ user, params }) => liftSuspension(params.id, user.id),
});
