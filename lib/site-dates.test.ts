import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, dayIn, isClosed } from "@/lib/dates";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { closedSql } from "./site-dates";

// Zones from UTC-12 to UTC+14 and one with daylight saving: the database must agree with isClosed
// everywhere, about the deadline day itself and the days around it.
const ZONES = ["UTC", "Etc/GMT+12", "America/Los_Angeles", "Europe/Paris", "Asia/Dhaka", "Pacific/Kiritimati"];

describe("closedSql", () => {
  it("answers as isClosed does, by the database clock, in every zone", async () => {
    const db = await getDb();
    for (const zone of ZONES) {
      const [{ now }] = await queryRows<{ now: Date }>(db, sql`select now() as now`);
      // The day in that zone at the database's instant, and the days around it.
      const today = dayIn(zone, new Date(now));
      for (const deadline of [addDays(today, -1), today, addDays(today, 1)]) {
        const [row] = await queryRows<{ closed: boolean; open: boolean; now: Date }>(
          db,
          sql`select ${closedSql(sql`${deadline}::date`, zone)} as closed, not ${closedSql(sql`${deadline}::date`, zone)} as open, now() as now`,
        );
        const expected = isClosed(deadline, dayIn(zone, new Date(row.now)));
        expect([zone, deadline, row.closed, row.open]).toEqual([zone, deadline, expected, !expected]);
      }
    }
  });
});
