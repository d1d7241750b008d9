import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Unique: a PaymentIntent fulfils at most once, whoever reports it first (webhook or browser).
    paymentIntentId: text("payment_intent_id").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userName: text("user_name"),
    userEmail: text("user_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payments_intent_unique").on(t.paymentIntentId), index("payments_user_idx").on(t.userId)],
);

export type Payment = typeof payments.$inferSelect;
