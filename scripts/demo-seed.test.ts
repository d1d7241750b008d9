import { count, eq, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { CATEGORIES, payments, reports, surveys, users, votes } from "@/models";
import { DEMO_PASSWORD, demoAccounts, seedDemoData } from "./demo-seed";

async function counts() {
  const db = await getDb();
  const [u] = await db.select({ n: count() }).from(users);
  const [s] = await db.select({ n: count() }).from(surveys);
  const [v] = await db.select({ n: count() }).from(votes);
  const [r] = await db.select({ n: count() }).from(reports);
  const [p] = await db.select({ n: count() }).from(payments);
  return { users: u.n, surveys: s.n, votes: v.n, reports: r.n, payments: p.n };
}

describe("demo seed", () => {
  it("fills an empty database once, and a second run changes nothing", async () => {
    const db = await getDb();
    expect(await seedDemoData(db)).toBe(true);
    const first = await counts();
    expect(await seedDemoData(db)).toBe(false);
    expect(await counts()).toEqual(first);

    expect(first.surveys).toBeGreaterThanOrEqual(30);
    expect(first.reports).toBeGreaterThanOrEqual(2);
    expect(first.payments).toBe(1);

    for (const account of demoAccounts) {
      const [row] = await db.select().from(users).where(eq(users.email, account.email));
      expect(row.role).toBe(account.role);
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
    const [pro] = await db.select().from(users).where(eq(users.email, "pro@demo.test"));
    expect(await verifyPassword(DEMO_PASSWORD, pro.passwordHash!)).toBe(true);
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({ userId: pro.id, amount: 1600, currency: "usd" });

    const categories = await db.selectDistinct({ c: surveys.category }).from(surveys);
    expect(categories.map((c) => c.c).sort()).toEqual([...CATEGORIES].sort());
    const owners = await db.selectDistinct({ id: surveys.surveyorId }).from(surveys);
    expect(owners).toHaveLength(2);
    const unpublished = await db.select().from(surveys).where(eq(surveys.status, "unpublish"));
    expect(unpublished.length).toBeGreaterThanOrEqual(1);
    expect(unpublished[0].feedback).toBeTruthy();
    const closed = await db.select().from(surveys).where(lt(surveys.deadline, sql`current_date`));
    expect(closed.length).toBeGreaterThanOrEqual(1);
    const comments = await db.select().from(votes).where(eq(votes.userId, pro.id));
    expect(comments.some((v) => v.comment)).toBe(true);

    // Every account exists before what it did: its surveys, its votes, its reports, its payment.
    const [late] = await queryRows<{ votes: number; surveys: number; reports: number; payments: number }>(db, sql`
      select
        (select count(*)::int from votes v join users u on u.id = v.user_id where v.created_at <= u.created_at) as votes,
        (select count(*)::int from surveys s join users u on u.id = s.surveyor_id where s.created_at <= u.created_at) as surveys,
        (select count(*)::int from reports r join users u on u.id = r.user_id where r.created_at <= u.created_at) as reports,
        (select count(*)::int from payments p join users u on u.id = p.user_id where p.created_at <= u.created_at) as payments`);
    expect(late).toEqual({ votes: 0, surveys: 0, reports: 0, payments: 0 });
    // So the integrity panel's account ages are spread: most votes come from accounts older than a day.
    const [ages] = await queryRows<{ votes: number; under1Day: number; older: number }>(db, sql`
      select sum(votes)::int as votes, sum(under_1_day)::int as "under1Day", sum(older)::int as older from survey_integrity`);
    expect(ages.votes).toBe(first.votes);
    expect(ages.under1Day).toBeLessThan(ages.votes / 10);
    expect(ages.older).toBeGreaterThan(ages.votes / 2);

    // The counters equal the vote rows.
    const mismatched = await queryRows(db, sql`
      select s.id from surveys s
      where s.yes_count <> (select count(*) from votes v where v.survey_id = s.id and v.vote = 'yes')
         or s.no_count <> (select count(*) from votes v where v.survey_id = s.id and v.vote = 'no')`);
    expect(mismatched).toHaveLength(0);
  });
});
