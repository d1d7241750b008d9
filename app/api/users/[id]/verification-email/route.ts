// POST /api/users/{id}/verification-email: an admin sends an account a new verification link (the
// same limit of three an hour as the person's own button).
import { okMessageSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { resendVerificationMail } from "@/lib/accounts/account-email";
import { userIdParamsSchema } from "@/lib/moderation/schema";

export const POST = route({
  auth: "manageUsers",
  params: userIdParamsSchema,
  doc: {
    tag: "Admin",
    summary: "Resend someone's verification link",
    description: "The same limit of three an hour as the person's own button (429). Already verified: 409; 503 where the site sends no mail.",
    answers: [answer("The link is on its way", okMessageSchema)],
    errors: [409, 429, 503],
  },
  handler: async ({ params }) => {
    await resendVerificationMail(params.id);
    return { ok: true, message: "A new verification link is on its way." };
  },
});
