// POST /api/users/{id}/votes/void: an admin voids every vote of a suspended account (kept as rows,
// counted nowhere); DELETE counts them again. Both idempotent, both audited; the public pages of the
// surveys concerned are refreshed at once.
import { route } from "@/lib/api/handler";
import { surveyChanged } from "@/lib/cache/surveys";
import { liveVoted } from "@/lib/live/notify";
import { restoreVotes, voidVotes } from "@/lib/services/suspension";
import { moderationReasonSchema, userIdParamsSchema } from "@/lib/validation/admin";

/** The cached pages of the surveys concerned expire at once, and their live results viewers get the new counts. */
function refresh(ids: string[]) {
  for (const id of ids) {
    surveyChanged(id);
    liveVoted(id);
  }
}

export const POST = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  body: moderationReasonSchema,
  maxBodyBytes: 8 * 1024,
  handler: async ({ user, params, body }) => {
    const result = await voidVotes(params.id, body.reason, user.id);
    refresh(result.surveys);
    return { id: result.id, voided: result.voided, surveys: result.surveys.length };
  },
});

export const DELETE = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  handler: async ({ user, params }) => {
    const result = await restoreVotes(params.id, user.id);
    refresh(result.surveys);
    return { id: result.id, restored: result.restored, surveys: result.surveys.length };
  },
});
