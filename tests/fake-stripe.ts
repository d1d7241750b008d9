// The fake Stripe API (e2e/fixtures/fake-stripe-api.mjs) started in-process for a test file, with the
// app configured to use it through STRIPE_API_URL, as a deployment would point at Stripe. Call
// `setUpFakeStripe()` at the top of the file, before anything reads the configuration.
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { startFakeStripe, type FakeStripe, type FakeStripeEvent } from "@/e2e/fixtures/fake-stripe-api.mjs";
import { PRO_PLAN } from "@/lib/payments/plan";

export const WEBHOOK_SECRET = "whsec_vitest_0123456789abcdef";

export function setUpFakeStripe(): { fake: () => FakeStripe; stripe: () => Stripe } {
  let fake: FakeStripe | undefined;
  let stripe: Stripe | undefined;
  beforeAll(async () => {
    fake = await startFakeStripe({ port: 0 });
    process.env.STRIPE_SECRET_KEY = "sk_test_vitest";
    process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY = "pk_test_vitest";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_URL = fake.url;
    // A second client, as the browser or Stripe's dashboard would act on the same account.
    stripe = new Stripe("sk_test_vitest", { host: "localhost", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
  });
  afterAll(async () => fake?.close());
  return { fake: () => fake!, stripe: () => stripe! };
}

/** A PaymentIntent confirmed with a test card, as the payment page would (amount and currency adjustable). */
export async function pay(
  stripe: Stripe,
  userId: string,
  options: { amount?: number; currency?: string; card?: "pm_card_visa" | "pm_card_chargeDeclined"; confirm?: boolean } = {},
) {
  const intent = await stripe.paymentIntents.create({
    amount: options.amount ?? PRO_PLAN.amount,
    currency: options.currency ?? PRO_PLAN.currency,
    metadata: { userId },
  });
  if (options.confirm === false) return intent;
  return stripe.paymentIntents.confirm(intent.id, { payment_method: options.card ?? "pm_card_visa" });
}

/** The raw body and Stripe-Signature header of a webhook delivery of `event`. */
export function signed(event: FakeStripeEvent | Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp });
  return { rawBody: payload, headers: { "stripe-signature": header, "content-type": "application/json" } };
}

/** The last event of a type the fake recorded for an object. */
export function eventFor(fake: FakeStripe, type: string, objectId: string): FakeStripeEvent {
  const event = fake.events.findLast((e) => e.type === type && e.data.object.id === objectId);
  if (!event) throw new Error(`No ${type} event for ${objectId}`);
  return event;
}
