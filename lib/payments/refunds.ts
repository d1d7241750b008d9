import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb } from "@/lib/db";
import { claimEvent, type StripeEventRef } from "@/lib/payments/events";
import { fullyRefunded, insertPayment, isUuid } from "@/lib/payments/fulfil";
import { PRO_PLAN } from "@/lib/payments/plan";
import { getStripe, stripeFailure } from "@/lib/payments/stripe";
import { setRole } from "@/lib/accounts/roles";
import { payments, users } from "@/models";

export type RefundResult = { refunded: boolean; downgraded: boolean };

/**
 * A charge refunded in Stripe (the `charge.refunded` event): when the refund is full, the payment is
 * marked refunded and its payer, if a pro_user with no other standing payment, returns to `user`.
 * The charge is read from Stripe, not from the event. A refund that arrives before the payment was
 * recorded stores the payment as refunded, so a late `payment_intent.succeeded` upgrades no one.
 */
export async function recordRefund(chargeId: string, event?: StripeEventRef): Promise<RefundResult> {
  let charge: Stripe.Charge;
  try {
    charge = await getStripe().charges.retrieve(chargeId, { expand: ["payment_intent"] });
  } catch (error) {
    throw stripeFailure(error, "charge");
  }
  const intent = typeof charge.payment_intent === "object" ? charge.payment_intent : null;
  const full = fullyRefunded(charge);
  const userId = isUuid(intent?.metadata?.userId) ? intent.metadata.userId : undefined;
  const db = await getDb();
  return db.transaction(async (tx) => {
    // The payer's row first, as fulfilPayment does: the two serialise per person, never deadlock.
    const [payer] = userId
      ? await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).for("update")
      : [];
    if (!(await claimEvent(tx, event))) return { refunded: false, downgraded: false };
    if (!full || !intent || !userId) return { refunded: false, downgraded: false };
    if (payer && intent.amount === PRO_PLAN.amount && intent.currency === PRO_PLAN.currency) {
      await insertPayment(tx, { intent, charge, userId, payer, refunded: true });
    }
    const changed = await tx
      .update(payments)
      .set({ status: "refunded", refundedAt: new Date() })
      .where(and(eq(payments.paymentIntentId, intent.id), eq(payments.status, "succeeded")))
      .returning({ userId: payments.userId });
    if (changed.length === 0) return { refunded: true, downgraded: false };
    const [stillPaid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, changed[0].userId), eq(payments.status, "succeeded"), ne(payments.paymentIntentId, intent.id)))
      .limit(1);
    if (stillPaid) return { refunded: true, downgraded: false };
    // The refund takes back what the payment gave; other roles are kept.
    const downgraded = await setRole(tx, { userId: changed[0].userId, from: "pro_user", to: "user", actorId: null });
    return { refunded: true, downgraded };
  });
}
