// POST /api/stripe/webhook: Stripe's events, signature checked on the raw body, each event acted on once
import { webhookOutcomeSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { handleStripeEvent, verifyWebhook } from "@/lib/payments/webhook";

// The signature covers the exact bytes, so the body is read raw, before any parsing. No cookie and
// no Origin either (CSRF does not apply): the signature is the authentication.
export const POST = route({
  auth: "none",
  rawBody: { maxBytes: 512 * 1024 },
  doc: {
    tag: "Payments",
    summary: "Stripe's events",
    description:
      "For Stripe only: the `Stripe-Signature` header over the raw body is the authentication (400 without a valid one). Each event is acted on once; 503 asks Stripe to deliver it again.",
    credential: "stripeSignature",
    raw: { type: "application/json", schema: { type: "object", description: "A Stripe event, as Stripe sends it" } },
    answers: [answer("Received", webhookOutcomeSchema)],
    errors: [400, 503],
  },
  handler: async ({ request, rawBody }) => handleStripeEvent(verifyWebhook(rawBody, request.headers.get("stripe-signature"))),
});
