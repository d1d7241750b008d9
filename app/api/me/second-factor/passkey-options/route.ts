// POST /api/me/second-factor/passkey-options: the options of asking the caller for one of their
// passkeys as a second factor (session cookie only)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { secondFactorOptions } from "@/lib/accounts/passkeys";
import { noOptionsSchema, requestOptionsSchema } from "@/lib/accounts/passkey-schema";

export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: noOptionsSchema,
  doc: {
    tag: "Account",
    summary: "Options of proving a passkey",
    description:
      "WebAuthn request options for `navigator.credentials.get()` listing the caller's passkeys. Send the result to `POST /api/me/second-factor/verify` as `response` within 5 minutes; asking again replaces the challenge. 409 when the account has no passkey.",
    answers: [answer("The options", requestOptionsSchema)],
    errors: [409],
  },
  handler: async ({ user }) => secondFactorOptions(user.id),
});
