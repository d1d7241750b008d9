// POST /api/me/password { currentPassword, newPassword }: the caller changes their password; every
// other session and every API token ends (session cookie only)
import { route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { changePassword } from "@/lib/services/account";
import { changePasswordSchema } from "@/lib/validation/account";

// Not with an API token: a stolen token must not be able to lock the person out of their account.
export const POST = route({
  auth: "signed-in",
  cookieOnly: true,
  body: changePasswordSchema,
  handler: async ({ request, user, body }) => {
    await changePassword(user, body, clientAddress(request.headers));
    return { ok: true };
  },
});
