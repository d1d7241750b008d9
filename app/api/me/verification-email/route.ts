// POST /api/me/verification-email: send the signed-in person a new link to verify their address
// (at most three an hour).
import { route } from "@/lib/api/handler";
import { resendVerificationMail } from "@/lib/services/account-email";

export const POST = route({
  auth: "signed-in",
  handler: async ({ user }) => {
    await resendVerificationMail(user.id);
    return { ok: true, message: `We sent a new link to ${user.email}.` };
  },
});
