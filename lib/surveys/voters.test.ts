// A survey's votes per day, as its surveyor's chart shows them; its voters page by page, every page
// in voting order and each one read from a quarter hour's worth of the index, however deep.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { listVoters, votersPage, votesPerDay } from "@/lib/surveys/voters";
import { getManagedSurvey } from "@/lib/surveys/workspace";

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe("votesPerDay", () => {
  it("counts yes and no per day (UTC here) from creation to today, days without votes included", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const now = Date.now();
    const survey = await createSurvey(surveyor.id, { createdAt: new Date(now - 3 * DAY) });
    const db = await getDb();
    const voter = async (vote: "yes" | "no", at: number) =>
      db.insert(votes).values({ surveyId: survey.id, userId: (await createUser()).id, vote, createdAt: new Date(at) });
    await voter("yes", now - 3 * DAY);
    await voter("no", now - 3 * DAY);
    await voter("yes", now - 3 * DAY);
    await voter("no", now);
    const managed = await getManagedSurvey(survey.id, surveyor);
    expect(await votesPerDay(managed)).toEqual([
      { day: isoDay(now - 3 * DAY), yes: 2, no: 1 },
      { day: isoDay(now - 2 * DAY), yes: 0, no: 0 },
      { day: isoDay(now - DAY), yes: 0, no: 0 },
      { day: isoDay(now), yes: 0, no: 1 },
    ]);
  });

  it("stops at the deadline of a closed survey", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id, { createdAt: new Date(Date.now() - 10 * DAY), deadlineInDays: -5 });
    const days = await votesPerDay(await getManagedSurvey(survey.id, surveyor));
    expect(days).toHaveLength(6);
    expect(days.at(-1)!.day).toBe(survey.deadline);
  });
});

describe("listVoters", () => {
  it("gives every page in voting order (time, then id), from either end, voided votes left out", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const db = await getDb();
    // 43 votes over five quarter hours, several at the very same instant (ties go by id), and 4 voided.
    const start = Date.UTC(2026, 0, 5, 9, 0, 0);
    const times = [0, 0, 0, 1, 14, 15, 15, 16, 29, 30, 31, 31, 44, 45, 46, 59, 60, 61, 74];
    const rows = [];
    for (let i = 0; i < 43; i++) {
      const minute = times[i % times.length];
      rows.push({ surveyId: survey.id, userId: (await createUser({ name: `Voter ${i}` })).id, vote: i % 3 ? ("yes" as const) : ("no" as const), createdAt: new Date(start + minute * 60_000 + (i % 2) * 1) });
    }
    const inserted = await db.insert(votes).values(rows).returning({ id: votes.id, createdAt: votes.createdAt });
    const voided = new Set(inserted.filter((_, i) => i % 11 === 3).map((v) => v.id));
    await db.execute(sql`update votes set voided_at = now() where id in (${sql.join([...voided].map((id) => sql`${id}::uuid`), sql`, `)})`);
    // The order as PostgreSQL sorts it (uuids compare as bytes, as their text does).
    const expected = (await queryRows<{ id: string }>(db, sql`select id from votes where survey_id = ${survey.id} and voided_at is null order by created_at, id`)).map((r) => r.id);
    expect(expected).toHaveLength(39);
    for (const limit of [1, 5, 20]) {
      for (let offset = 0; offset < expected.length + limit; offset += limit) {
        const page = await listVoters(survey.id, { limit, offset }, expected.length);
        expect(page.map((v) => v.id), `limit ${limit}, offset ${offset}`).toEqual(expected.slice(offset, offset + limit));
        // Without the total (read from the start only), the same page.
        if (offset < 25) expect((await listVoters(survey.id, { limit, offset })).map((v) => v.id)).toEqual(expected.slice(offset, offset + limit));
      }
    }
    const [first] = await listVoters(survey.id, { limit: 1, offset: 0 }, expected.length);
    expect(first).toMatchObject({ userName: expect.stringMatching(/^Voter /), vote: expect.stringMatching(/^(yes|no)$/), votedAt: expect.any(Date) });
  });

  // 30,000 voters over 1,000 quarter hours: the middle page reads the survey's 1,000 counts (adding up
  // about 500 of them) and 30 index entries, never the 15,000 votes before it, nor every account. No
  // timing is asserted (shared machine).
  it("reads the middle page of 30,000 voters from the kept counts and a quarter hour of the index", { timeout: 300_000 }, async () => {
    const VOTERS = 30_000;
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const db = await getDb();
    let started = performance.now();
    // Loaded as scripts/scale-seed.ts does: the per-row triggers off, everything counted once after.
    await db.execute(sql`alter table users disable trigger user`);
    await db.execute(sql`alter table votes disable trigger user`);
    await db.execute(sql`
      insert into users (id, email, name, role)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'voters-' || i || '@bench.example', 'Voter ' || i, 'user'
      from generate_series(1, ${VOTERS}) as i`);
    await db.execute(sql`
      insert into votes (survey_id, user_id, vote, created_at)
      select ${survey.id}, ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, (case when i % 3 = 0 then 'no' else 'yes' end)::vote_value,
             timestamptz '2026-01-01' + (i % 1000) * interval '15 minutes' + (i % 7) * interval '1 second'
      from generate_series(1, ${VOTERS}) as i`);
    await db.execute(sql`alter table users enable trigger user`);
    await db.execute(sql`alter table votes enable trigger user`);
    await db.execute(sql`select recount_row_counts()`);
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze votes`);
    console.log(`seeded ${VOTERS} voters in ${Math.round(performance.now() - started)} ms`);

    for (const page of [1, 750, 751, 1500]) {
      const window = { limit: 20, offset: (page - 1) * 20 };
      started = performance.now();
      const rows = await listVoters(survey.id, window, VOTERS);
      console.log(`page ${page}: ${rows.length} voters in ${(performance.now() - started).toFixed(1)} ms`);
      const expected = await queryRows<{ id: string }>(
        db,
        sql`select id from votes where survey_id = ${survey.id} and voided_at is null order by created_at, id limit ${window.limit} offset ${window.offset}`,
      );
      expect(rows.map((r) => r.id), `page ${page}`).toEqual(expected.map((r) => r.id));
    }

    for (const page of [750, 751]) {
      const query = votersPage(db, survey.id, { limit: 20, offset: (page - 1) * 20 }, VOTERS)!;
      const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (analyze, format json) ${query}`);
      const plan = Object.values(row)[0];
      const nodes: { "Node Type": string; "Relation Name"?: string; "Actual Rows": number; "Actual Loops": number }[] = [];
      const walk = (node: (typeof nodes)[number] & { Plans?: unknown[] }) => {
        nodes.push(node);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((typeof plan === "string" ? JSON.parse(plan) : plan)[0].Plan);
      const text = nodes.map((n) => `${n["Node Type"]} ${n["Relation Name"] ?? ""} rows=${n["Actual Rows"]} loops=${n["Actual Loops"]}`).join("\n");
      console.log(`page ${page}:\n${text}`);
      expect(nodes.filter((n) => n["Node Type"] === "Seq Scan" && ["users", "votes"].includes(n["Relation Name"] ?? "")), text).toEqual([]);
      // The most rows any step handled: the survey's quarter hours at most, not the votes before the page.
      expect(Math.max(...nodes.map((n) => n["Actual Rows"] * n["Actual Loops"])), text).toBeLessThanOrEqual(1_000);
    }
  });
});
