import "server-only";
import { inArray, like } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowCounts } from "@/models";

// The counts the triggers of migration 0011_scale_indexes keep (models/counters.ts names the keys):
// one indexed row each, however many rows they count. A key without a row counts 0.

/** The counts of `keys`, in the same order. */
export async function readCounts(keys: string[]): Promise<number[]> {
  const db = await getDb();
  const rows = await db.select({ key: rowCounts.key, n: rowCounts.n }).from(rowCounts).where(inArray(rowCounts.key, keys));
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]));
  return keys.map((k) => byKey.get(k) ?? 0);
}

export async function readCount(key: string): Promise<number> {
  return (await readCounts([key]))[0];
}

/** Every key starting with `prefix`, with its count and amount. */
export async function readCountsByPrefix(prefix: string): Promise<{ key: string; n: number; amount: number }[]> {
  const db = await getDb();
  const rows = await db.select().from(rowCounts).where(like(rowCounts.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return rows.map((r) => ({ key: r.key, n: Number(r.n), amount: Number(r.amount) }));
}
