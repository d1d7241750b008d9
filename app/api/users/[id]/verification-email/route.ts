// POST /api/users/{id}/verification-email: an admin sends an account a new verification link (the
// same limit of three an hour as the person's own button).
import { route } from "@/lib/api/handler";
import { resendVerificationMail } from "@/lib/services/account-email";
import { userIdParamsSchema } from "@/lib/validation/admin";

export const POST = route({
  auth: ["admin"],
  params: userIdParamsSchema,
  handler: async ({ params }) => {
    await resendVerificationMail(params.id);
    return { ok: true, message: "A new verification link is on its way." };
  },
});
