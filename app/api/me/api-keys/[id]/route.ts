// DELETE /api/me/api-keys/{id}: revokes one of the caller's API keys at once (browser session only)
import { okSchema } from "@/lib/api/contract";
import { notFound } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { revokeApiKey } from "@/lib/integrations/api-keys";
import { apiKeyIdParamsSchema } from "@/lib/integrations/api-key-schema";

export const DELETE = route({
  auth: "useApiKeys",
  cookieOnly: true,
  params: apiKeyIdParamsSchema,
  doc: {
    tag: "Account",
    summary: "Revoke an API key",
    description: "The next request with it is refused (401). Any id that is not one of the caller's keys in force is 404.",
    answers: [answer("Revoked", okSchema)],
  },
  handler: async ({ user, params }) => {
    if (!(await revokeApiKey(user.id, params.id, user.id))) throw notFound("No such API key");
    return { ok: true };
  },
});
