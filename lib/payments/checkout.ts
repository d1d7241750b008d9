import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import type { CurrentUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { fulfilPayment } from "@/lib/payments/fulfil";
import { hasVerifiedPayment } from "@/lib/payments/billing";
import { PRO_PLAN } from "@/lib/payments/plan";
import { getStripe, stripeFailure } from "@/lib/payments/stripe";
import { checkoutIntents } from "@/models";

// Intents a card can still be confirmed on.
const OPEN = new Set<Stripe.PaymentIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

export const alreadyPro = () => new ApiError("conflict", "You already have the Extended plan. There is nothing more to pay.");

/** Whether a stored intent can be handed to this person's card form again. */
function reusable(intent: Stripe.PaymentIntent | null, userId: string): intent is Stripe.PaymentIntent & { client_secret: string } {
  return (
    !!intent &&
    OPEN.has(intent.status) &&
    intent.amount === PRO_PLAN.amount &&
    intent.currency === PRO_PLAN.currency &&
    intent.metadata?.userId === userId &&
    !!intent.client_secret
  );
}

/**
 * The PaymentIntent for a person's Extended plan checkout: always 1600 USD (whatever a client asks),
 * the person's id in its metadata and their email as `receipt_email`. Opening the page again reuses
 * their open intent; concurrent openings send the same idempotency key (derived from the person and
 * the intent they had before), so Stripe answers them all with one intent.
 */
export async function openCheckout(user: Pick<CurrentUser, "id" | "email" | "role">): Promise<{ clientSecret: string; paymentIntentId: string }> {
  if (user.role === "pro_user") throw alreadyPro();
  if (!can(user.role, "purchasePro")) throw new ApiError("forbidden", `The Extended plan is for voters: ${user.role} accounts cannot buy it.`);
  const stripe = getStripe();
  const db = await getDb();
  const [stored] = await db.select().from(checkoutIntents).where(eq(checkoutIntents.userId, user.id));

  if (stored) {
    let previous: Stripe.PaymentIntent | null = null;
    try {
      previous = await stripe.paymentIntents.retrieve(stored.paymentIntentId);
    } catch (error) {
      const failure = stripeFailure(error, "payment");
      if (failure.code !== "not_found") throw failure;
    }
    if (reusable(previous, user.id)) return { clientSecret: previous.client_secret, paymentIntentId: previous.id };
    if (previous?.status === "succeeded" || previous?.status === "processing") {
      // Paid, but neither the browser nor the webhook has recorded it yet: record it now.
      if (previous.status === "succeeded") await fulfilPayment(previous.id, user.id).catch(() => null);
      if (previous.status === "processing" || (await hasVerifiedPayment(user.id))) throw alreadyPro();
    }
  }

  const idempotencyKey = `opinex-pro-${createHash("sha256")
    .update(`${user.id}|${stored?.paymentIntentId ?? "first"}|${user.email}`)
    .digest("hex")
    .slice(0, 48)}`;
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: PRO_PLAN.amount,
        currency: PRO_PLAN.currency,
        allowed_payment_method_types: ["card"],
        description: "OPINEX Extended plan",
        receipt_email: user.email,
        metadata: { userId: user.id },
      },
      { idempotencyKey },
    );
  } catch (error) {
    throw stripeFailure(error, "payment");
  }
  if (!intent.client_secret) throw stripeFailure(new Error("Stripe returned an intent without a client secret"), "payment");
  await db
    .insert(checkoutIntents)
    .values({ userId: user.id, paymentIntentId: intent.id })
    .onConflictDoUpdate({ target: checkoutIntents.userId, set: { paymentIntentId: intent.id, updatedAt: new Date() } });
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}
