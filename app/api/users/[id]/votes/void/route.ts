// POST /api/users/{id}/votes/void: an admin voids every vote of a suspended account (kept as rows,
// counted nowhere); DELETE counts them again. Both idempotent, both audited; the public pages of the
// surveys concerned are refreshed at once (the operations' events, lib/events.ts). Both need a second
// factor proved in the last minutes from an account that has one (lib/auth/second-factor-gate.ts).
import { votesRestoredSchema, votesVoidedSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { assertRecentSecondFactor } from "@/lib/auth/second-factor-gate";
import { answer } from "@/lib/api/route-doc";
import { restoreVotes, voidVotes } from "@/lib/moderation/suspension";
import { accountModeration, accountModerationWithReason } from "@/lib/moderation/schema";

export const POST = route({
  ...accountModerationWithReason,
  doc: {
    tag: "Admin",
    summary: "Void a suspended account's votes",
    description:
      "In one transaction every vote of the account not yet voided is kept but counted nowhere, each survey's yes/no counts drop by exactly those votes and its `voidedCount` rises; one audit row records the reason and the number. Voiding again answers `voided: 0`. 409 when the account is not suspended. Needs a second factor proved in the last 10 minutes when the caller has one (403 `recent_second_factor_required`).",
    answers: [answer("How many votes were voided", votesVoidedSchema)],
    errors: [404, 409],
  },
  handler: async ({ user, params, body }) => {
    assertRecentSecondFactor(user);
    const result = await voidVotes(params.id, body.reason, user.id);
    return { id: result.id, voided: result.voided, surveys: result.surveys.length };
  },
});

export const DELETE = route({
  ...accountModeration,
  doc: {
    tag: "Admin",
    summary: "Restore an account's voided votes",
    description: "Audited. The votes count again and each survey's `voidedCount` goes down by them. Restoring none answers `restored: 0`. Needs a recent second factor as voiding does.",
    answers: [answer("How many votes count again", votesRestoredSchema)],
    errors: [404],
  },
  handler: async ({ user, params }) => {
    assertRecentSecondFactor(user);
    const result = await restoreVotes(params.id, user.id);
    return { id: result.id, restored: result.restored, surveys: result.surveys.length };
  },
});
