// POST /api/save-payment: record the caller's payment once Stripe confirms it succeeded (idempotent)
import { route } from "@/lib/api/handler";
import { assertSelf } from "@/lib/auth/permissions";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { savePaymentSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  body: savePaymentSchema,
  maxBodyBytes: 8 * 1024,
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.user?.email });
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
