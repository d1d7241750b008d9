// DELETE /api/me/sessions/{id}: end one of the caller's signed-in browsers
import { okSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { revokeSession } from "@/lib/accounts/account";
import { sessionIdParamsSchema } from "@/lib/accounts/schema";

export const DELETE = route({
  auth: "signed-in",
  params: sessionIdParamsSchema,
  doc: {
    tag: "Account",
    summary: "End one session",
    description: "Ends one of the caller's signed-in browsers (any other id is 404).",
    answers: [answer("Ended", okSchema)],
  },
  handler: async ({ user, params }) => {
    await revokeSession(user.id, params.id);
    return { ok: true };
  },
});
