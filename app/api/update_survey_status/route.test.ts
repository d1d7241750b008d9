import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { FEEDBACK_REQUIRED } from "@/lib/moderation/schema";
import { auditEvents, surveys } from "@/models";
import { expectAdminOnly } from "@/tests/admin";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { revalidated, revalidations } from "@/tests/next-cache-stub";
import { GET as allSurveys } from "../all_surveys/route";
import { GET as oneSurvey } from "../survey/[id]/route";
import { POST } from "./route";

async function stateOf(id: string) {
  const db = await getDb();
  const [row] = await db.select({ status: surveys.status, feedback: surveys.feedback }).from(surveys).where(eq(surveys.id, id));
  return row;
}

async function auditOf(id: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(eq(auditEvents.targetSurveyId, id)).orderBy(auditEvents.createdAt);
}

const publicIds = async () => ((await call(allSurveys, { path: "/api/all_surveys?limit=100" })).json as unknown as { _id: string }[]).map((s) => s._id);

describe("POST /api/update_survey_status", () => {
  beforeEach(() => {
    revalidated.length = 0;
  });

  it("is for admins only, and a refused call changes nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    await expectAdminOnly(POST, { method: "POST", body: { id: survey.id, status: "unpublish", feedbackMessage: "Please fix" } });
    // The survey's own surveyor is not an admin either.
    expect((await call(POST, { method: "POST", as: surveyor, body: { id: survey.id, status: "unpublish", feedbackMessage: "x" } })).status).toBe(403);
    expect(await stateOf(survey.id)).toEqual({ status: "publish", feedback: null });
    expect(await auditOf(survey.id)).toHaveLength(0);
  });

  it("unpublishes with feedback: the survey leaves the public list and its page, one audit row, caches revalidated", async () => {
    const admin = await createUser({ role: "admin" });
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    expect(await publicIds()).toContain(survey.id);

    const res = await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage: "  Please cite a source.  " } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ modifiedCount: 1 });
    expect(await stateOf(survey.id)).toEqual({ status: "unpublish", feedback: "Please cite a source." });
    expect(revalidated).toEqual(expect.arrayContaining(["surveys", `survey:${survey.id}`]));
    // Unpublishing expires every cached copy at once (no stale copy may show the survey meanwhile).
    expect(revalidations.slice(-2)).toEqual([
      { tag: "surveys", profile: { expire: 0 } },
      { tag: `survey:${survey.id}`, profile: { expire: 0 } },
    ]);
    expect(await publicIds()).not.toContain(survey.id);
    expect((await call(oneSurvey, { params: { id: survey.id } })).status).toBe(404);

    const [row] = await auditOf(survey.id);
    expect(row).toMatchObject({ actorId: admin.id, action: "survey_status", oldValue: "publish", newValue: "unpublish", feedback: "Please cite a source.", targetUserId: null });
  });

  it("refuses to unpublish without feedback (missing, empty, blank, null) with 422, changing nothing", async () => {
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id);
    for (const feedbackMessage of [undefined, "", "   \n\t ", null]) {
      const res = await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage } });
      expect(res.status).toBe(422);
      expect(res.json.error?.message).toBe(FEEDBACK_REQUIRED);
    }
    expect(await stateOf(survey.id)).toEqual({ status: "publish", feedback: null });
    expect(await auditOf(survey.id)).toHaveLength(0);
    expect(revalidated).toEqual([]);
  });

  it("publishes without feedback, keeping the last feedback for the surveyor; the survey is public again", async () => {
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id);
    await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage: "Too vague" } });
    const res = await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "publish" } });
    expect(res.json).toEqual({ modifiedCount: 1 });
    expect(await stateOf(survey.id)).toEqual({ status: "publish", feedback: "Too vague" });
    expect(await publicIds()).toContain(survey.id);
    expect((await call(oneSurvey, { params: { id: survey.id } })).status).toBe(200);

    // Publishing a published survey changes nothing and records nothing.
    const again = await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "publish", feedbackMessage: "" } });
    expect(again.json).toEqual({ modifiedCount: 0 });
    const rows = await auditOf(survey.id);
    expect(rows.map((r) => [r.oldValue, r.newValue, r.feedback])).toEqual([
      ["publish", "unpublish", "Too vague"],
      ["unpublish", "publish", null],
    ]);
  });

  it("a new message on an unpublished survey replaces its feedback (one more audit row)", async () => {
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id, { status: "unpublish" });
    expect((await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage: "First" } })).json).toEqual({ modifiedCount: 1 });
    expect((await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage: "First" } })).json).toEqual({ modifiedCount: 0 });
    expect((await call(POST, { method: "POST", as: admin, body: { id: survey.id, status: "unpublish", feedbackMessage: "Second" } })).json).toEqual({ modifiedCount: 1 });
    expect(await stateOf(survey.id)).toEqual({ status: "unpublish", feedback: "Second" });
    expect(await auditOf(survey.id)).toHaveLength(2);
  });

  it("refuses a status other than publish/unpublish, bad ids and oversize feedback with 400; an unknown survey with 404", async () => {
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id);
    const bad = [
      { id: survey.id, status: "pending", feedbackMessage: "x" },
      { id: survey.id, status: "PUBLISH" },
      { id: survey.id },
      { id: "abc", status: "publish" },
      { id: survey.id, status: "unpublish", feedbackMessage: "x".repeat(1001) },
      { id: survey.id, status: "unpublish", feedbackMessage: ["a"] },
    ];
    for (const body of bad) {
      const res = await call(POST, { method: "POST", as: admin, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const unknown = await call(POST, { method: "POST", as: admin, body: { id: "00000000-0000-4000-8000-000000000000", status: "publish" } });
    expect(unknown.status).toBe(404);
    expect(await stateOf(survey.id)).toEqual({ status: "publish", feedback: null });
    expect(await auditOf(survey.id)).toHaveLength(0);
  });
});
