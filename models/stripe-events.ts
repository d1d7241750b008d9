import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Stripe event ids already processed: each delivery of the same event (Stripe retries, duplicates)
// is acted on once. Written in the same transaction as the event's effects.
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
