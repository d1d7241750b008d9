// POST /api/password/reset: a new password from a mailed reset link; every session, API token and
// mailed link of the account ends. Limited per client address, and a forged or dead link is refused
// before the password is hashed (lib/services/account-email.ts).
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { resetPassword } from "@/lib/services/account-email";
import { resetPasswordSchema } from "@/lib/validation/email-links";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ request, body }) => {
    await resetPassword(body, clientAddress(request.headers));
    return { ok: true, message: "Your password was changed. Sign in with the new one." };
  },
});
