import "server-only";
import Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { claimEvent } from "@/lib/payments/events";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { recordRefund } from "@/lib/payments/refunds";
import { notConfigured, paymentsConfigured } from "@/lib/payments/config";

/**
 * Verifies a webhook's `Stripe-Signature` over the exact bytes received, with Stripe's default
 * tolerance (300 s: a replayed or stale delivery is refused). Throws a 400 ApiError otherwise.
 */
export function verifyWebhook(payload: Buffer, signature: string | null): Stripe.Event {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret || !paymentsConfigured()) throw notConfigured();
  if (!signature) throw new ApiError("bad_request", "Missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    throw new ApiError("bad_request", "Invalid webhook signature");
  }
  const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
  if (typeof event?.id !== "string" || typeof event.type !== "string" || typeof object?.id !== "string") {
    throw new ApiError("bad_request", "Not a Stripe event");
  }
  return event;
}

export type WebhookOutcome = { received: true; handled: boolean; detail?: string };

/**
 * Acts on a verified event once. `payment_intent.succeeded` fulfils, `charge.refunded` records a
 * full refund; other events are acknowledged and ignored. An intent that is not an Extended plan
 * payment is acknowledged too (Stripe would retry an error for days). Stripe being unreachable is
 * the one failure answered with an error, so that Stripe delivers the event again.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const ref = { id: event.id, type: event.type };
  try {
    if (event.type === "payment_intent.succeeded") {
      const result = await fulfilPayment(event.data.object.id, undefined, ref);
      return { received: true, handled: result.created };
    }
    if (event.type === "charge.refunded") {
      const result = await recordRefund(event.data.object.id, ref);
      return { received: true, handled: result.refunded };
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await markProcessed(ref);
    return { received: true, handled: false, detail: error.message };
  }
  await markProcessed(ref);
  return { received: true, handled: false };
}

async function markProcessed(ref: { id: string; type: string }) {
  const db = await getDb();
  await db.transaction((tx) => claimEvent(tx, ref));
}
