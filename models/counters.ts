import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Counts the dashboards show, kept by triggers (migration 0011_scale_indexes) in the transaction of
 * each change, so a page reads one row instead of counting 200,000 accounts or 20,000 payments:
 *   users:{role}                       accounts not deleted, per role
 *   surveys                            every survey, whatever its status
 *   surveys:publish, surveys:publish:{category}   published surveys (the public list's pages)
 *   surveys:reported, surveys:reported:publish    surveys with at least one report (all, published)
 *   payments                           every payment row
 *   payments:received:{currency}       succeeded payments: `n` of them, `amount` in all
 * A key with no row counts 0.
 */
export const rowCounts = pgTable("row_counts", {
  key: text("key").primaryKey(),
  n: bigint("n", { mode: "number" }).notNull().default(0),
  amount: bigint("amount", { mode: "number" }).notNull().default(0),
});
