// POST /api/password/forgot: mail a reset link to an address, if it has an account. The answer is the
// same whether it has one or not, so the form tells nobody which addresses have accounts here.
import { verifyAltcha } from "@/lib/altcha";
import { okMessageSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { requestPasswordReset } from "@/lib/accounts/account-email";
import { forgotPasswordRequestSchema } from "@/lib/validation/altcha";

export const FORGOT_ANSWER = "If an account uses this address, we sent it a link to choose a new password. It works for 30 minutes.";

export const POST = route({
  auth: "public",
  body: forgotPasswordRequestSchema,
  // The address and the proof-of-work payload (at most 4 KB).
  maxBodyBytes: 8 * 1024,
  doc: {
    tag: "Account",
    summary: "Forgot my password",
    description:
      "Mails a reset link (valid 30 minutes) to the address if it has an account. The answer is the same either way, so it tells nobody which addresses have accounts; at most 3 an hour per address and 10 per network (429). Needs a solved proof-of-work (`altcha`): missing, invalid, expired or already used is 400 (`altcha_required`, `altcha_invalid`, `altcha_expired`, `altcha_replayed`) and nothing is sent.",
    answers: [answer("The same answer for every address", okMessageSchema)],
    errors: [429],
  },
  handler: async ({ request, body }) => {
    await verifyAltcha(body.altcha);
    await requestPasswordReset(body.email, clientAddress(request.headers));
    return { ok: true, message: FORGOT_ANSWER };
  },
});
