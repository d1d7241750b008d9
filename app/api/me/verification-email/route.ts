// POST /api/me/verification-email: send the signed-in person a new link to verify their address
// and code (at most three an hour).
import { okMessageSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { resendVerificationMail } from "@/lib/accounts/account-email";
import { resendVerificationSchema } from "@/lib/accounts/email-links-schema";

export const POST = route({
  auth: "signed-in",
  body: resendVerificationSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Resend my verification link",
    description:
      "The new mail has a new link and a new six-digit code; `callbackUrl` (optional) is where its verified page continues. At most three an hour (429). Already verified: 409; 503 where the site sends no mail.",
    answers: [answer("The link is on its way", okMessageSchema)],
    errors: [404, 409, 429, 503],
  },
  handler: async ({ user, body }) => {
    await resendVerificationMail(user.id, body.callbackUrl);
    return { ok: true, message: `We sent a new link to ${user.email}.` };
  },
});
