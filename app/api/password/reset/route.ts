// POST /api/password/reset: a new password from a mailed reset link; every session, API token and
// mailed link of the account ends. Limited per client address, and a forged or dead link is refused
// before the password is hashed (lib/accounts/account-email.ts).
import { okMessageSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { resetPassword } from "@/lib/accounts/account-email";
import { resetPasswordSchema } from "@/lib/accounts/email-links-schema";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Reset my password",
    description:
      "A new password from a mailed link (400 for a link that is invalid, expired, used or retired, checked before any hash; 429 after 10 attempts in 15 minutes from one client; 503 when too many resets are hashing). Every session, API token and mailed link of the account ends.",
    answers: [answer("Changed", okMessageSchema)],
  },
  handler: async ({ request, body }) => {
    await resetPassword(body, clientAddress(request.headers));
    return { ok: true, message: "Your password was changed. Sign in with the new one." };
  },
});
