// POST /api/me/email: change the signed-in person's address. Needs their password; the new address
// gets a confirmation link and the current one a notice; the address changes when the link is opened.
import { okMessageSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { refuseDisposableEmail } from "@/lib/accounts/disposable-email";
import { requestEmailChange } from "@/lib/accounts/account-email";
import { changeEmailSchema } from "@/lib/accounts/email-links-schema";

export const POST = route({
  auth: "signed-in",
  body: changeEmailSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Account",
    summary: "Change my email address",
    description:
      "Needs the password. The new address gets a confirmation link and the current one a notice; the address changes when the link's page is confirmed (POST /api/confirm-email). A disposable address, or one under `.invalid` or `.localhost`, is 400; a taken address is 409; at most three links an hour (429); 503 where the site sends no mail.",
    answers: [answer("The link is on its way", okMessageSchema)],
    errors: [404, 409, 429, 503],
  },
  handler: async ({ request, user, body }) => {
    refuseDisposableEmail(body.email);
    await requestEmailChange(user.id, body, clientAddress(request.headers));
    return { ok: true, message: `We sent a confirmation link to ${body.email}. Your address changes when you open it.` };
  },
});
