// POST /api/save-payment: record the caller's payment once Stripe confirms it succeeded (idempotent)
import { savedPaymentSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { savePaymentSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  body: savePaymentSchema,
  maxBodyBytes: 8 * 1024,
  doc: {
    tag: "Payments",
    summary: "Record a payment",
    description:
      "Records the caller's payment once Stripe says the intent succeeded, for this person, for 1600 USD; idempotent. The rest of the body is what Stripe says, not what the body says.",
    who: "`user.email`, if sent, must be the caller's own",
    answers: [answer("Recorded", savedPaymentSchema)],
    errors: [404, 409, 422, 503],
  },
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
