import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { auditEvents, reports, surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { listSurveysForModeration, setSurveyStatus } from "./moderation";

const DAY = 86_400_000;

describe("listSurveysForModeration", () => {
  it("lists every survey, published or not, newest first with report counts; reported-only is most reported first", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor", email: "mod-surveyor@test.example" });
    const old = await createSurvey(surveyor.id, { title: "Old", createdAt: new Date(Date.now() - 3 * DAY) });
    const hidden = await createSurvey(surveyor.id, { title: "Hidden", status: "unpublish", createdAt: new Date(Date.now() - 2 * DAY) });
    const fresh = await createSurvey(surveyor.id, { title: "Fresh", createdAt: new Date(Date.now() - DAY) });
    const reporters = [await createUser(), await createUser(), await createUser()];
    await db.insert(reports).values([
      { surveyId: old.id, userId: reporters[0].id },
      { surveyId: hidden.id, userId: reporters[0].id },
      { surveyId: hidden.id, userId: reporters[1].id },
      { surveyId: hidden.id, userId: reporters[2].id },
    ]);

    const all = await listSurveysForModeration({ page: 1, limit: 10 });
    expect(all.total).toBe(3);
    expect(all.rows.map((s) => [s.title, s.status, s.reports, s.surveyorEmail])).toEqual([
      ["Fresh", "publish", 0, "mod-surveyor@test.example"],
      ["Hidden", "unpublish", 3, "mod-surveyor@test.example"],
      ["Old", "publish", 1, "mod-surveyor@test.example"],
    ]);

    const reported = await listSurveysForModeration({ reportedOnly: true, page: 1, limit: 10 });
    expect(reported.total).toBe(2);
    expect(reported.rows.map((s) => [s.title, s.reports])).toEqual([
      ["Hidden", 3],
      ["Old", 1],
    ]);
    expect(reported.rows.map((s) => s.id)).not.toContain(fresh.id);

    const secondPage = await listSurveysForModeration({ reportedOnly: true, page: 2, limit: 1 });
    expect(secondPage.rows.map((s) => s.title)).toEqual(["Old"]);
  });
});

describe("listSurveysForModeration: review requested", () => {
  it("lists only the unpublished surveys whose surveyor asked for a review, newest first, each marked", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor" });
    const asked = await createSurvey(surveyor.id, { title: "Asked", status: "unpublish", createdAt: new Date(Date.now() - 2 * DAY) });
    const askedLater = await createSurvey(surveyor.id, { title: "Asked later", status: "unpublish", createdAt: new Date(Date.now() - DAY) });
    await createSurvey(surveyor.id, { title: "Not asked", status: "unpublish" });
    await db.update(surveys).set({ reviewRequestedAt: new Date() }).where(inArray(surveys.id, [asked.id, askedLater.id]));

    const waiting = await listSurveysForModeration({ reviewRequestedOnly: true, page: 1, limit: 10 });
    expect(waiting.total).toBe(2);
    expect(waiting.rows.map((s) => [s.title, s.reviewRequestedAt instanceof Date])).toEqual([
      ["Asked later", true],
      ["Asked", true],
    ]);
    expect((await listSurveysForModeration({ reviewRequestedOnly: true, page: 2, limit: 1 })).rows.map((s) => s.title)).toEqual(["Asked"]);
    const all = await listSurveysForModeration({ page: 1, limit: 50 });
    expect(all.rows.find((s) => s.id === asked.id)?.reviewRequestedAt).toBeInstanceOf(Date);
    expect(all.rows.find((s) => s.title === "Not asked")?.reviewRequestedAt).toBeNull();

    // Served by the unpublished slice of surveys_status_created_idx, in its order: the published
    // surveys (the many) are never read, and no Sort. Scans forbidden, as a small table would pick one.
    await db.execute(sql`
      insert into surveys (title, description, category, deadline, question_title, question_description, surveyor_id)
      select 'Bulk ' || g, 'd', 'Other', current_date + 30, 'q', 'q', ${surveyor.id}::uuid from generate_series(1, 2000) g`);
    await db.execute(sql`analyze surveys`);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return queryRows<{ "QUERY PLAN": string }>(
        tx as never,
        sql`explain select id from surveys where status = 'unpublish' and review_requested_at is not null order by created_at desc, id desc limit 20`,
      );
    });
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain("surveys_status_created_idx");
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe("setSurveyStatus", () => {
  it("re-reads the actor's role: someone no longer an admin changes nothing", async () => {
    const db = await getDb();
    const former = await createUser({ role: "surveyor" });
    const survey = await createSurvey(former.id);
    await expect(setSurveyStatus({ actorId: former.id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Mine" })).rejects.toMatchObject({ status: 403 });
    const [row] = await db.select({ status: surveys.status }).from(surveys).where(eq(surveys.id, survey.id));
    expect(row.status).toBe("publish");
    expect(await db.select().from(auditEvents).where(eq(auditEvents.targetSurveyId, survey.id))).toHaveLength(0);
  });
});
