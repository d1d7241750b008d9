import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { users } from "./users";

export const PAYMENT_STATUSES = ["succeeded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const paymentStatusEnum = pgEnum("payment_status", PAYMENT_STATUSES);

export const payments = pgTable(
  "payments",
  {
    id: idColumn(),
    // Unique: a PaymentIntent fulfils at most once, whoever reports it first (webhook or browser).
    paymentIntentId: text("payment_intent_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    userId: belongsTo("user_id", () => users.id),
    userName: text("user_name"),
    userEmail: text("user_email").notNull(),
    status: paymentStatusEnum("status").notNull().default("succeeded"),
    // Stripe's hosted receipt of the charge (null for rows that never had one, such as seeded data).
    receiptUrl: text("receipt_url"),
    refundedAt: timestamp("refunded_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("payments_intent_unique").on(t.paymentIntentId),
    index("payments_user_idx").on(t.userId, t.createdAt),
    // The admin's payment list, newest first.
    index("payments_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The PaymentIntent each person's checkout is using, so opening /payment again (or in two tabs)
 * reuses it instead of creating another. One row per person, replaced when that intent is spent.
 */
export const checkoutIntents = pgTable("checkout_intents", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  paymentIntentId: text("payment_intent_id").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type Payment = typeof payments.$inferSelect;
