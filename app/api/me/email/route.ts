// POST /api/me/email: change the signed-in person's address. Needs their password; the new address
// gets a confirmation link and the current one a notice; the address changes when the link is opened.
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { refuseDisposableEmail } from "@/lib/disposable-email";
import { requestEmailChange } from "@/lib/services/account-email";
import { changeEmailSchema } from "@/lib/validation/email-links";

export const POST = route({
  auth: "signed-in",
  body: changeEmailSchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ request, user, body }) => {
    refuseDisposableEmail(body.email);
    await requestEmailChange(user.id, body, clientAddress(request.headers));
    return { ok: true, message: `We sent a confirmation link to ${body.email}. Your address changes when you open it.` };
  },
});
