import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import type { CurrentUser } from "@/lib/auth/guards";
import { assertSelf } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { setRole } from "@/lib/accounts/roles";
import { payments, users } from "@/models";

/** Whether a person has a payment Stripe confirmed and that was not refunded. */
export async function hasVerifiedPayment(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "succeeded")))
    .limit(1);
  return !!row;
}

export type OwnPayment = {
  id: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  status: "succeeded" | "refunded";
  receiptUrl: string | null;
  createdAt: Date;
  refundedAt: Date | null;
};

/** A person's own payments, newest first (a handful at most: the plan is bought once). */
export async function listOwnPayments(userId: string, limit = 50): Promise<OwnPayment[]> {
  const db = await getDb();
  return db
    .select({
      id: payments.id,
      paymentIntentId: payments.paymentIntentId,
      amount: payments.amount,
      currency: payments.currency,
      status: payments.status,
      receiptUrl: payments.receiptUrl,
      createdAt: payments.createdAt,
      refundedAt: payments.refundedAt,
    })
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/**
 * `POST /api/update_role/{email}` `{role:'pro_user'}`: the original client's second step after paying.
 * It only confirms what a verified payment already earned (the payer themself or an admin may ask);
 * without such a payment it is refused and nothing changes. A `user` with a standing payment becomes
 * `pro_user`; other roles are kept.
 */
export async function confirmProUpgrade(email: string, caller: Pick<CurrentUser, "id" | "email" | "role">): Promise<{ acknowledged: true; matchedCount: number; modifiedCount: number }> {
  const target = email.trim().toLowerCase();
  assertSelf(caller, { email: target }, { unless: "manageUsers", message: "You can only confirm your own upgrade" });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, target)).for("update");
    if (!person) throw new ApiError("not_found", "No such user");
    const [paid] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, person.id), eq(payments.status, "succeeded")))
      .limit(1);
    if (!paid) throw new ApiError("forbidden", "No verified payment for this account: the Extended plan is bought on the pricing page");
    // Normally already done by fulfilPayment; this only repairs a missed upgrade.
    const upgraded = await setRole(tx, { userId: person.id, from: "user", to: "pro_user", actorId: null });
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: upgraded ? 1 : 0 };
  });
}
