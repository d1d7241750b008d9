// POST /api/password/forgot: mail a reset link to an address, if it has an account. The answer is the
// same whether it has one or not, so the form tells nobody which addresses have accounts here.
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { requestPasswordReset } from "@/lib/services/account-email";
import { forgotPasswordSchema } from "@/lib/validation/email-links";

export const FORGOT_ANSWER = "If an account uses this address, we sent it a link to choose a new password. It works for 30 minutes.";

export const POST = route({
  auth: "public",
  body: forgotPasswordSchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ request, body }) => {
    await requestPasswordReset(body.email, clientAddress(request.headers));
    return { ok: true, message: FORGOT_ANSWER };
  },
});
