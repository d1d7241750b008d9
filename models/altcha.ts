import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Proof-of-work solutions already accepted (lib/altcha.ts): each challenge's signature once, across every
// app server. The primary key makes a second use of the same solution lose, even when both arrive at once.
// Rows are kept until the challenge expires (it is refused as expired from then on) and purged hourly.
export const altchaUsed = pgTable(
  "altcha_used",
  {
    challengeId: text("challenge_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("altcha_used_expires_idx").on(t.expiresAt)],
);
