// Old sign-in attempt rows are deleted by the hourly housekeeping; those still inside a window stay.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { limitHits } from "@/models";
import { purgeOldAttempts } from "./attempts";

describe("purgeOldAttempts", () => {
  it("deletes attempts older than a day and keeps the recent ones", async () => {
    const db = await getDb();
    const [old] = await db.insert(limitHits).values({ key: "purge:old", createdAt: sql`now() - interval '25 hours'` as never }).returning();
    const [recent] = await db.insert(limitHits).values({ key: "purge:recent" }).returning();
    expect(await purgeOldAttempts()).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(limitHits).where(eq(limitHits.id, old.id))).toHaveLength(0);
    expect(await db.select().from(limitHits).where(eq(limitHits.id, recent.id))).toHaveLength(1);
  });
});
