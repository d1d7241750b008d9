import "server-only";
import { count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { payments, type PaymentStatus } from "@/models";

export type PaymentRow = {
  id: string;
  paymentIntentId: string;
  amount: number;
  currency: string;
  userName: string | null;
  userEmail: string;
  status: PaymentStatus;
  createdAt: Date;
};

/** The payments that count as received: a refunded payment is listed, but not counted in the total. */
const received = () => eq(payments.status, "succeeded");

/** One page of every payment, newest first, for the admin's Payment Information page. */
export async function listPayments(options: { page?: number; limit?: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  const { page = 1, limit = 20 } = options;
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: payments.id,
        paymentIntentId: payments.paymentIntentId,
        amount: payments.amount,
        currency: payments.currency,
        userName: payments.userName,
        userEmail: payments.userEmail,
        status: payments.status,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(payments),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The total received, per currency (amounts in the smallest unit, e.g. cents), largest first. */
export async function paymentTotals(): Promise<{ currency: string; amount: number; count: number }[]> {
  const db = await getDb();
  return db
    .select({
      currency: payments.currency,
      amount: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`.mapWith(Number),
      count: count(),
    })
    .from(payments)
    .where(received())
    .groupBy(payments.currency)
    .orderBy(desc(sql`sum(${payments.amount})`));
}
