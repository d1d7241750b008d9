// POST /api/users/{id}/suspension: an admin suspends an account (it cannot sign in; every session and
// API token ends at once); DELETE lifts the suspension. Both idempotent, both audited.
import { suspensionStateSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { liftSuspension, suspendUser } from "@/lib/moderation/suspension";
import { accountModeration, accountModerationWithReason } from "@/lib/moderation/schema";

export const POST = route({
  ...accountModerationWithReason,
  doc: {
    tag: "Admin",
    summary: "Suspend an account",
    description:
      "Audited with the reason. The account cannot sign in (password or Google) and every session and API token it holds ends in the same transaction. Suspending a suspended account changes nothing (200, `changed: false`). Admins (oneself included) cannot be suspended (403).",
    answers: [answer("The account's suspension", suspensionStateSchema)],
    errors: [404],
  },
  handler: async ({ user, params, body }) => suspendUser(params.id, body.reason, user.id),
});

export const DELETE = route({
  ...accountModeration,
  doc: {
    tag: "Admin",
    summary: "Lift a suspension",
    description:
      "Audited. The account may sign in again; its voided votes stay voided until restored. Lifting none changes nothing (`changed: false`).",
    answers: [answer("The account's suspension", suspensionStateSchema)],
    errors: [404],
  },
  handler: async ({ user, params }) => liftSuspension(params.id, user.id),
});
