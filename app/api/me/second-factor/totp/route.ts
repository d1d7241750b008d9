// POST /api/me/second-factor/totp: starts setting up an authenticator app (a new secret, not active yet)
// DELETE /api/me/second-factor/totp { password?, code }: removes the app (session cookie only, both)
import { okSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { noOptionsSchema } from "@/lib/accounts/passkey-schema";
import { beginTotp, disableTotp } from "@/lib/accounts/second-factor";
import { disableTotpSchema, totpEnrolmentSchema } from "@/lib/accounts/second-factor-schema";

// Not with an API token: a stolen token must not be able to change how the account signs in.
export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: noOptionsSchema,
  doc: {
    tag: "Account",
    summary: "Start setting up an authenticator app",
    description:
      "A new secret (base32, SHA-1, 6 digits, 30 s) and its `otpauth://` address for a QR code; each call makes a new one. Nothing changes until `POST /api/me/second-factor/totp/confirm` sends a code from the app. 409 when an app is already set up.",
    answers: [answer("The secret, shown once", totpEnrolmentSchema)],
    errors: [409],
  },
  handler: async ({ user }) => beginTotp(user),
});

export const DELETE = route({
  auth: "signed-in",
  cookieOnly: true,
  body: disableTotpSchema,
  doc: {
    tag: "Account",
    summary: "Remove the authenticator app",
    description:
      "`password` (left out by an account without one, signed in with Google) and `code`, from the app or a recovery code. 400 when either is wrong, without saying which; 10 wrong tries in 15 minutes answer 429. The recovery codes go too when no passkey is left. 409 when no app is set up.",
    answers: [answer("Removed", okSchema)],
    errors: [409, 429],
  },
  handler: async ({ user, body }) => {
    await disableTotp(user, body.password, body.code);
    return { ok: true };
  },
});
