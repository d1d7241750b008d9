import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { reports } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { PUT } from "./route";

async function reportRows(surveyId: string) {
  const db = await getDb();
  return db.select().from(reports).where(eq(reports.surveyId, surveyId));
}

describe("PUT /api/report_survey/{id}", () => {
  it("records one report per person; a second is told it was already reported", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const reporter = await createUser();
    const first = await call(PUT, { method: "PUT", as: reporter, params: { id: survey.id }, body: { userEmail: reporter.email } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ acknowledged: true, modifiedCount: 1 });
    const second = await call(PUT, { method: "PUT", as: reporter, params: { id: survey.id } });
    expect(second.status).toBe(409);
    expect(second.json.error?.message).toBe("You have already reported this survey");
    const rows = await reportRows(survey.id);
    expect(rows.map((r) => r.userId)).toEqual([reporter.id]);
  });

  it("keeps one row under simultaneous reports", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const reporter = await createUser({ role: "pro_user" });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => call(PUT, { method: "PUT", as: reporter, params: { id: survey.id } })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await reportRows(survey.id)).toHaveLength(1);
  });

  it("refuses, recording nothing: another person's email, no credentials, a surveyor, an unpublished survey, a bad id", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const hidden = await createSurvey(surveyor.id, { status: "unpublish" });
    const reporter = await createUser();
    const victim = await createUser();
    const cases: [number, Parameters<typeof call>[1]][] = [
      [403, { as: reporter, params: { id: survey.id }, body: { userEmail: victim.email } }],
      [400, { as: reporter, params: { id: survey.id }, body: { userEmail: { $exists: true } } }],
      [401, { as: null, params: { id: survey.id } }],
      [403, { as: surveyor, params: { id: survey.id } }],
      [404, { as: reporter, params: { id: hidden.id } }],
      [404, { as: reporter, params: { id: "abc" } }],
    ];
    for (const [status, options] of cases) {
      expect((await call(PUT, { method: "PUT", ...options })).status).toBe(status);
    }
    expect(await reportRows(survey.id)).toHaveLength(0);
    expect(await reportRows(hidden.id)).toHaveLength(0);
  });
});
