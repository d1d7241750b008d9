// DELETE /api/me/sessions/{id}: end one of the caller's signed-in browsers
import { route } from "@/lib/api/handler";
import { revokeSession } from "@/lib/services/account";
import { sessionIdParamsSchema } from "@/lib/validation/account";

export const DELETE = route({
  auth: "signed-in",
  params: sessionIdParamsSchema,
  handler: async ({ user, params }) => {
    await revokeSession(user.id, params.id);
    return { ok: true };
  },
});
