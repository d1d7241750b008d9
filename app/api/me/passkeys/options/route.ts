// POST /api/me/passkeys/options: the options of adding a passkey to the caller's account (session
// cookie only)
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { registrationOptions } from "@/lib/accounts/passkeys";
import { creationOptionsSchema, noOptionsSchema } from "@/lib/accounts/passkey-schema";

// Not with an API token: a stolen token must not be able to give itself a way to sign in.
export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: noOptionsSchema,
  doc: {
    tag: "Account",
    summary: "Options of adding a passkey",
    description:
      "WebAuthn creation options for `navigator.credentials.create()`: a discoverable credential for this site, the caller's passkeys excluded. Send the result to `POST /api/me/passkeys` within 5 minutes; asking again replaces the challenge. 409 when the account already has 10 passkeys.",
    answers: [answer("The options", creationOptionsSchema)],
    errors: [409],
  },
  handler: async ({ user }) => registrationOptions(user),
});
