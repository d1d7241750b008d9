// POST /api/me/password { currentPassword, newPassword }: the caller changes their password; every
// other session and every API token ends (session cookie only)
import { okSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { changePassword } from "@/lib/accounts/account";
import { changePasswordSchema } from "@/lib/accounts/schema";

// Not with an API token: a stolen token must not be able to lock the person out of their account.
export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: changePasswordSchema,
  doc: {
    tag: "Account",
    summary: "Change my password",
    description:
      "Needs the current password (400 when wrong; 429 after too many tries). Every other session and every API token ends. An account without a password is 409.",
    answers: [answer("Changed", okSchema)],
    errors: [404, 409, 429],
  },
  handler: async ({ request, user, body }) => {
    await changePassword(user, body, clientAddress(request.headers));
    return { ok: true };
  },
});
