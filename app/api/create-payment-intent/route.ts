// POST /api/create-payment-intent: the caller's Extended plan PaymentIntent (always 1600 USD) → { clientSecret }
import { route } from "@/lib/api/handler";
import { openCheckout } from "@/lib/payments/checkout";
import { createPaymentIntentSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  body: createPaymentIntentSchema,
  maxBodyBytes: 4 * 1024,
  handler: async ({ user }) => {
    const { clientSecret } = await openCheckout(user);
    return { clientSecret };
  },
});
