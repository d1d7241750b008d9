// POST /api/stripe/webhook: Stripe's events, signature checked on the raw body, each event acted on once
import { route } from "@/lib/api/handler";
import { handleStripeEvent, verifyWebhook } from "@/lib/payments/webhook";

// The signature covers the exact bytes, so the body is read raw, before any parsing. No cookie and
// no Origin either (CSRF does not apply): the signature is the authentication.
export const POST = route({
  auth: "none",
  rawBody: { maxBytes: 512 * 1024 },
  handler: async ({ request, rawBody }) => handleStripeEvent(verifyWebhook(rawBody, request.headers.get("stripe-signature"))),
});
