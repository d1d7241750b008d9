// POST /api/password/reset: a new password from a mailed reset link; every session and API token of
// the account ends, and the link stops working.
import { route } from "@/lib/api/handler";
import { resetPassword } from "@/lib/services/account-email";
import { resetPasswordSchema } from "@/lib/validation/email-links";

export const POST = route({
  auth: "public",
  body: resetPasswordSchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ body }) => {
    await resetPassword(body);
    return { ok: true, message: "Your password was changed. Sign in with the new one." };
  },
});
