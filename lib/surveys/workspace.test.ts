// The surveyor's workspace: own list paging and who may read a survey.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { createSurvey, createUser } from "@/tests/factories";
import { countOwnSurveys, getManagedSurvey, listOwnSurveys } from "@/lib/surveys/workspace";

describe("listOwnSurveys", () => {
  it("pages one surveyor's surveys newest first, without anyone else's", async () => {
    const me = await createUser({ role: "surveyor" });
    const other = await createUser({ role: "surveyor" });
    for (let i = 0; i < 5; i++) await createSurvey(me.id, { title: `Mine ${i}`, createdAt: new Date(Date.now() - (5 - i) * 60_000) });
    await createSurvey(other.id, { title: "Theirs" });
    expect(await countOwnSurveys(me.id)).toBe(5);
    expect((await listOwnSurveys(me.id, { limit: 2, offset: 0 })).map((s) => s.title)).toEqual(["Mine 4", "Mine 3"]);
    expect((await listOwnSurveys(me.id, { limit: 2, offset: 4 })).map((s) => s.title)).toEqual(["Mine 0"]);
  });

  it("reads a page of a surveyor with 500 surveys from the (surveyor_id, created_at, id) index, without sorting", async () => {
    const me = await createUser({ role: "surveyor" });
    const db = await getDb();
    await db.execute(sql`
      insert into surveys (title, description, category, deadline, question_title, question_description, surveyor_id, created_at)
      select 'Bulk ' || g, 'd', 'Other', current_date + 30, 'q', 'q', ${me.id}::uuid, now() - g * interval '1 minute'
      from generate_series(1, 500) g`);
    // Another surveyor's surveys in the same minutes: the index must pick this surveyor's rows out of them.
    const other = await createUser({ role: "surveyor" });
    await db.execute(sql`
      insert into surveys (title, description, category, deadline, question_title, question_description, surveyor_id, created_at)
      select 'Other ' || g, 'd', 'Other', current_date + 30, 'q', 'q', ${other.id}::uuid, now() - (g % 500) * interval '1 minute'
      from generate_series(1, 3000) g`);
    await db.execute(sql`analyze surveys`);
    expect(await countOwnSurveys(me.id)).toBe(500);
    expect((await listOwnSurveys(me.id, { limit: 20, offset: 480 })).map((s) => s.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bulk ${481 + i}`),
    );
    // 500 rows fit in a few pages, where a scan beats any index: forbid it, so the plan shows whether
    // an index serves this order (without one, a Sort node appears).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx as never,
        sql`explain select id from surveys where surveyor_id = ${me.id} order by created_at desc, id desc limit 20 offset 480`,
      );
    });
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("surveys_surveyor_created_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe("getManagedSurvey", () => {
  it("answers 404 for an unknown id and 403 for another surveyor's survey", async () => {
    const me = await createUser({ role: "surveyor" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id);
    await expect(getManagedSurvey(survey.id, me)).rejects.toMatchObject({ status: 403 });
    await expect(getManagedSurvey("0badf00d-0000-4000-8000-000000000000", me)).rejects.toMatchObject({ status: 404 });
    await expect(getManagedSurvey(survey.id, await createUser({ role: "admin" }))).resolves.toMatchObject({ id: survey.id });
  });
});
