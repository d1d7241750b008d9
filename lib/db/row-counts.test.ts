// The counters the database keeps (migration 0011_scale_indexes) against the rows they count, after
// every kind of change, and the pages read from them.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { payments, reports, surveys, users, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { readCount, readCountsByPrefix } from "./row-counts";
import { listVoters, votesPerDay } from "@/lib/surveys/voters";
import { getManagedSurvey } from "@/lib/surveys/workspace";

/** Every counter counted again from the rows, as `recount_row_counts()` would. */
async function recounted() {
  const db = await getDb();
  const [row] = await queryRows<Record<string, string>>(
    db,
    sql`select
      (select count(*) from users where deleted_at is null) as users,
      (select count(*) from users where deleted_at is null and role = 'surveyor') as surveyors,
      (select count(*) from surveys) as surveys,
      (select count(*) from surveys where status = 'publish') as published,
      (select count(*) from surveys where status = 'publish' and category = 'Health') as health,
      (select count(distinct survey_id) from reports) as reported,
      (select count(distinct r.survey_id) from reports r join surveys s on s.id = r.survey_id where s.status = 'publish') as reported_published,
      (select count(*) from payments) as payments,
      (select coalesce(sum(amount), 0) from payments where status = 'succeeded') as received`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

async function counters() {
  const roles = await readCountsByPrefix("users:");
  const received = await readCountsByPrefix("payments:received:");
  return {
    users: roles.reduce((s, r) => s + r.n, 0),
    surveyors: await readCount("users:surveyor"),
    surveys: await readCount("surveys"),
    published: await readCount("surveys:publish"),
    health: await readCount("surveys:publish:Health"),
    reported: await readCount("surveys:reported"),
    reported_published: await readCount("surveys:reported:publish"),
    payments: await readCount("payments"),
    received: received.reduce((s, r) => s + r.amount, 0),
  };
}

describe("counters kept by the database", () => {
  it("equal the rows after inserts, role and status changes, reports, refunds, deletions", async () => {
    const db = await getDb();
    expect(await counters()).toEqual(await recounted());
    const surveyor = await createUser({ role: "surveyor" });
    const people = await Promise.all([createUser(), createUser(), createUser({ role: "pro_user" })]);
    const a = await createSurvey(surveyor.id, { category: "Health" });
    const b = await createSurvey(surveyor.id);
    await db.insert(reports).values([
      { surveyId: a.id, userId: people[0].id },
      { surveyId: a.id, userId: people[1].id },
      { surveyId: b.id, userId: people[0].id },
    ]);
    await db.insert(payments).values([
      { paymentIntentId: "pi_count_1", amount: 1600, currency: "usd", userId: people[2].id, userEmail: people[2].email },
      { paymentIntentId: "pi_count_2", amount: 900, currency: "eur", userId: people[2].id, userEmail: people[2].email },
    ]);
    expect(await counters()).toEqual(await recounted());

    await db.update(users).set({ role: "surveyor" }).where(eq(users.id, people[1].id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, people[0].id));
    await db.update(surveys).set({ status: "unpublish" }).where(eq(surveys.id, a.id));
    await db.update(surveys).set({ category: "Other" }).where(eq(surveys.id, b.id));
    await db.update(payments).set({ status: "refunded", refundedAt: new Date() }).where(eq(payments.paymentIntentId, "pi_count_1"));
    expect(await counters()).toEqual(await recounted());
    expect(await readCount("surveys:reported:publish")).toBe(1);

    // A vote's counter update is not a status change: the counts stay.
    await db.update(surveys).set({ yesCount: 5 }).where(eq(surveys.id, b.id));
    await db.delete(reports).where(eq(reports.userId, people[0].id));
    await db.delete(users).where(eq(users.id, surveyor.id)); // its surveys and their reports go with it
    expect(await counters()).toEqual(await recounted());
    const [{ report_count }] = await queryRows<{ report_count: number }>(db, sql`select coalesce(sum(report_count), 0)::int as report_count from surveys`);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reports`);
    expect(report_count).toBe(n);
  });
});

describe("a survey's voters read from either end", () => {
  it("gives every page the same rows forwards and backwards, and the chart the rows' days", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id, { createdAt: new Date(Date.now() - 5 * 86_400_000) });
    const voters = await Promise.all(Array.from({ length: 23 }, () => createUser()));
    // Some votes share a timestamp: the id breaks the tie in both directions.
    const at = (i: number) => new Date(Date.now() - 4 * 86_400_000 + Math.floor(i / 3) * 3_600_000 * 7);
    await db.insert(votes).values(voters.map((v, i) => ({ surveyId: survey.id, userId: v.id, vote: i % 3 ? ("yes" as const) : ("no" as const), createdAt: at(i) })));
    const total = voters.length;
    const all = await listVoters(survey.id, { limit: total, offset: 0 });
    for (const limit of [5, 10]) {
      for (let offset = 0; offset < total + limit; offset += limit) {
        const forwards = all.slice(offset, offset + limit).map((v) => v.id);
        expect((await listVoters(survey.id, { limit, offset }, total)).map((v) => v.id)).toEqual(forwards);
      }
    }
    const days = await votesPerDay(await getManagedSurvey(survey.id, surveyor));
    const byDay = new Map<string, { yes: number; no: number }>();
    for (const v of all) {
      const day = v.votedAt.toISOString().slice(0, 10);
      const d = byDay.get(day) ?? { yes: 0, no: 0 };
      d[v.vote] += 1;
      byDay.set(day, d);
    }
    // Every vote on some day of the chart (not a check that passes on an empty chart).
    expect(days.reduce((n, d) => n + d.yes + d.no, 0)).toBe(total);
    for (const d of days) expect({ yes: d.yes, no: d.no }).toEqual(byDay.get(d.day) ?? { yes: 0, no: 0 });
    expect(days.reduce((s, d) => s + d.yes + d.no, 0)).toBe(total);
  });
});
