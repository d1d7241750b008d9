// PATCH /api/me/passkeys/{id} { name }: renames one of the caller's passkeys
// DELETE /api/me/passkeys/{id}: removes one of the caller's passkeys
import { okSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { deletePasskey, renamePasskey, toPasskeyJson } from "@/lib/accounts/passkeys";
import { passkeyAnswerSchema, passkeyIdParamsSchema, renamePasskeySchema } from "@/lib/accounts/passkey-schema";

export const PATCH = route({
  auth: "signed-in",
  params: passkeyIdParamsSchema,
  body: renamePasskeySchema,
  doc: {
    tag: "Account",
    summary: "Rename a passkey",
    description: "A name of 1 to 60 characters. Any id that is not one of the caller's passkeys is 404.",
    answers: [answer("Renamed", passkeyAnswerSchema)],
  },
  handler: async ({ user, params, body }) => ({ passkey: toPasskeyJson(await renamePasskey(user.id, params.id, body.name)) }),
});

export const DELETE = route({
  auth: "signed-in",
  params: passkeyIdParamsSchema,
  doc: {
    tag: "Account",
    summary: "Remove a passkey",
    description: "It no longer signs in. Any id that is not one of the caller's passkeys is 404.",
    answers: [answer("Removed", okSchema)],
  },
  handler: async ({ user, params }) => {
    await deletePasskey(user.id, params.id);
    return { ok: true };
  },
});
