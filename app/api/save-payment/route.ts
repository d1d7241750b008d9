// POST /api/save-payment: record the caller's payment once Stripe confirms it succeeded (idempotent)
import { ApiError } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { savePaymentSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  body: savePaymentSchema,
  maxBodyBytes: 8 * 1024,
  handler: async ({ user, body }) => {
    const email = body.user?.email?.trim();
    if (email && email.toLowerCase() !== user.email.toLowerCase()) throw new ApiError("forbidden", "You can only act for your own account");
    const result = await fulfilPayment(body.paymentIntentId, user.id);
    return {
      acknowledged: true,
      message: "Payment information saved successfully",
      paymentIntentId: result.paymentIntentId,
      created: result.created,
      role: result.role,
    };
  },
});
