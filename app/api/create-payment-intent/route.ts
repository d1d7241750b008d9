// POST /api/create-payment-intent: the caller's Extended plan PaymentIntent (always 1600 USD) → { clientSecret }
import { clientSecretSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { openCheckout } from "@/lib/payments/checkout";
import { createPaymentIntentSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  body: createPaymentIntentSchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Payments",
    summary: "Start the Extended plan payment",
    description:
      "The caller's Stripe PaymentIntent for the Extended plan, always 1600 USD (an `amount` sent is ignored). Voters (`user`) only: other roles 403, pro_user 409. 503 while payments are not configured.",
    answers: [answer("The card form's secret", clientSecretSchema)],
    errors: [409, 422, 503],
  },
  handler: async ({ user }) => {
    const { clientSecret } = await openCheckout(user);
    return { clientSecret };
  },
});
