import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { ApiError } from "@/lib/api/errors";
import { getDb, type Tx } from "@/lib/db";
import { claimEvent, type StripeEventRef } from "@/lib/payments/events";
import { PRO_PLAN } from "@/lib/payments/plan";
import { getStripe, stripeFailure } from "@/lib/payments/stripe";
import { setRole } from "@/lib/accounts/roles";
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
 * Records a payment of the plan once (the intent id is unique: a second call inserts nothing).
 * Answers whether this call inserted it.
 */
export async function insertPayment(
  tx: Tx,
  p: { intent: Stripe.PaymentIntent; charge: Stripe.Charge | null; userId: string; payer: { name: string | null; email: string }; refunded: boolean },
): Promise<boolean> {
  const inserted = await tx
    .insert(payments)
    .values({
      paymentIntentId: p.intent.id,
      amount: p.intent.amount,
      currency: p.intent.currency,
      userId: p.userId,
      userName: p.payer.name,
      userEmail: p.payer.email,
      status: p.refunded ? "refunded" : "succeeded",
      receiptUrl: p.charge?.receipt_url ?? null,
      refundedAt: p.refunded ? new Date() : null,
    })
    .onConflictDoNothing({ target: payments.paymentIntentId })
    .returning({ id: payments.id });
  return inserted.length > 0;
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
    const created = await insertPayment(tx, { intent, charge, userId, payer, refunded });
    let role = payer.role;
    // The upgrade earned by this payment, in the audit trail with no admin behind it.
    if (created && !refunded && (await setRole(tx, { userId, from: "user", to: "pro_user", actorId: null }))) role = "pro_user";
    return { created, paymentIntentId: intent.id, userId, role };
  });
}
