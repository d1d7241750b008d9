import "server-only";
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit";
import { claimEvent, type StripeEventRef } from "@/lib/payments/events";
import { PRO_PLAN } from "@/lib/payments/plan";
import { getStripe, stripeFailure } from "@/lib/payments/stripe";
import { payments, users, type Role } from "@/models";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

export type FulfilResult = {
  /** True only for the call that recorded the payment; every later call (or duplicate event) is false. */
  created: boolean;
  paymentIntentId: string;
  userId: string;
  /** The payer's role after this call. */
  role: Role | null;
};

/** The charge behind an intent, expanded, or null when Stripe did not include one. */
function chargeOf(intent: Stripe.PaymentIntent): Stripe.Charge | null {
  return intent.latest_charge && typeof intent.latest_charge === "object" ? intent.latest_charge : null;
}

/** Whether a charge has been refunded in full. */
export function fullyRefunded(charge: Pick<Stripe.Charge, "refunded" | "amount" | "amount_refunded"> | null): boolean {
  return !!charge && (charge.refunded || (charge.amount > 0 && charge.amount_refunded >= charge.amount));
}

/**
 * Checks a PaymentIntent as Stripe reports it: the Extended plan's amount and currency, succeeded, and
 * paid by `expectedUserId` when the caller is that person. Throws the ApiError a route answers.
 */
export function assertPlanPayment(intent: Stripe.PaymentIntent, expectedUserId?: string): string {
  const userId = intent.metadata?.userId;
  if (!isUuid(userId)) throw new ApiError("unprocessable", "This payment is not for the Extended plan");
  if (expectedUserId !== undefined && userId !== expectedUserId) {
    throw new ApiError("forbidden", "This payment belongs to another account");
  }
  const wrongAmount = () => new ApiError("unprocessable", `This payment is not for the Extended plan (${PRO_PLAN.label} USD)`);
  if (intent.amount !== PRO_PLAN.amount || intent.currency !== PRO_PLAN.currency) throw wrongAmount();
  if (intent.status !== "succeeded") throw new ApiError("conflict", "This payment has not succeeded");
  if ((intent.amount_received ?? intent.amount) !== PRO_PLAN.amount) throw wrongAmount();
  return userId;
}

/**
 * The one place a payment is fulfilled, for the browser's save-payment call and for Stripe's webhook
 * alike, in whichever order they arrive. The PaymentIntent is read from Stripe (never from the
 * caller) and must have succeeded for 1600 USD for the user in its metadata. Then, in one transaction:
 * the event is claimed (webhook), the payment row is inserted (unique intent id; on conflict nothing)
 * and, only when the row is new, a `user` becomes `pro_user` (an admin or surveyor keeps their role).
 * A charge already refunded in full is recorded as refunded and upgrades no one.
 */
export async function fulfilPayment(paymentIntentId: string, expectedUserId?: string, event?: StripeEventRef): Promise<FulfilResult> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await getStripe().paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  } catch (error) {
    throw stripeFailure(error, "payment");
  }
  const userId = assertPlanPayment(intent, expectedUserId);
  const charge = chargeOf(intent);
  const refunded = fullyRefunded(charge);

  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payer] = await tx.select({ name: users.name, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    if (!(await claimEvent(tx, event))) return { created: false, paymentIntentId, userId, role: payer?.role ?? null };
    if (!payer) throw new ApiError("not_found", "The account that paid no longer exists");
    const inserted = await tx
      .insert(payments)
      .values({
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        userId,
        userName: payer.name,
        userEmail: payer.email,
        status: refunded ? "refunded" : "succeeded",
        receiptUrl: charge?.receipt_url ?? null,
        refundedAt: refunded ? new Date() : null,
      })
      .onConflictDoNothing({ target: payments.paymentIntentId })
      .returning({ id: payments.id });
    let role = payer.role;
    if (inserted.length > 0 && !refunded) {
      // The upgrade earned by this payment, in the audit trail with no admin behind it.
      const upgraded = await tx
        .update(users)
        .set({ role: "pro_user" })
        .where(and(eq(users.id, userId), eq(users.role, "user")))
        .returning({ role: users.role });
      if (upgraded.length > 0) {
        role = "pro_user";
        await recordAudit(tx, { actorId: null, action: "role_change", targetUserId: userId, oldValue: "user", newValue: "pro_user" });
      }
    }
    return { created: inserted.length > 0, paymentIntentId: intent.id, userId, role };
  });
}
