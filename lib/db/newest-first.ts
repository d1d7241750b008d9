import { desc } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";

/**
 * Page `page` of `limit` rows, newest first: by `createdAt`, then by `id` so rows made in the same
 * instant keep one order from page to page. `query` is a dynamic select (`.$dynamic()`).
 */
export function newestFirst<Q extends PgSelect>(query: Q, table: { createdAt: PgColumn; id: PgColumn }, { page, limit }: { page: number; limit: number }) {
  return query
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(limit)
    .offset((page - 1) * limit);
}
