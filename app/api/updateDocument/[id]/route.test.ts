import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { dayIn } from "@/lib/dates";
import { surveys, type Survey, type User } from "@/models";
import { createSurvey, createUser, surveyorsAndAdmin } from "@/tests/factories";
import { call } from "@/tests/http";
import { revalidated } from "@/tests/next-cache-stub";
import { PUT } from "./route";

const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const fields = () => ({
  title: "Edited title",
  description: "Edited description",
  category: "Health",
  deadline: shift(dayIn("UTC"), 40),
  questionTitle: "Edited question",
  questionDescription: "Edited question description?",
});

let owner: User;
let other: User;
let admin: User;

beforeAll(async () => {
  ({ owner, other, admin } = await surveyorsAndAdmin());
});

async function row(id: string): Promise<Survey> {
  const db = await getDb();
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, id));
  return survey;
}

describe("PUT /api/updateDocument/{id}", () => {
  it("changes the six form fields for the owner, answers modifiedCount 1 and refreshes the public pages", async () => {
    const survey = await createSurvey(owner.id, { yesCount: 3, noCount: 2 });
    revalidated.length = 0;
    const res = await call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: fields() });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ modifiedCount: 1 });
    const after = await row(survey.id);
    expect(after).toMatchObject({ ...fields(), yesCount: 3, noCount: 2, status: "publish", surveyorId: owner.id, createdAt: survey.createdAt });
    expect(revalidated).toEqual(expect.arrayContaining(["surveys", `survey:${survey.id}`]));
  });

  it("changes who sees the results when the body says so, and keeps it when the body leaves it out", async () => {
    const survey = await createSurvey(owner.id);
    const to = (resultsVisibility?: string) =>
      call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: { ...fields(), ...(resultsVisibility ? { resultsVisibility } : {}) } });
    expect((await to("after_deadline")).status).toBe(200);
    expect((await row(survey.id)).resultsVisibility).toBe("after_deadline");
    expect((await to()).status).toBe(200);
    expect((await row(survey.id)).resultsVisibility).toBe("after_deadline");
    expect((await to("sometimes")).status).toBe(400);
    expect((await row(survey.id)).resultsVisibility).toBe("after_deadline");
    expect((await to("after_voting")).status).toBe(200);
    expect((await row(survey.id)).resultsVisibility).toBe("after_voting");
  });

  it("lets an admin edit any survey, without taking it over", async () => {
    const survey = await createSurvey(owner.id);
    expect((await call(PUT, { method: "PUT", as: admin, params: { id: survey.id }, body: fields() })).status).toBe(200);
    expect((await row(survey.id)).surveyorId).toBe(owner.id);
  });

  it("refuses a body carrying counts, status, feedback, owner, ids or dates (400), changing none of them", async () => {
    const db = await getDb();
    const survey = await createSurvey(owner.id, { status: "unpublish", yesCount: 1, noCount: 4 });
    await db.update(surveys).set({ feedback: "Please fix the wording" }).where(eq(surveys.id, survey.id));
    const before = await row(survey.id);
    const forged: Record<string, unknown>[] = [
      { yesCount: 1000 },
      { noCount: 0 },
      { status: "publish" },
      { feedback: "" },
      { surveyorEmail: other.email },
      { surveyorEmail: owner.email },
      { surveyorId: other.id },
      { _id: "0badf00d-0000-4000-8000-000000000000" },
      { id: survey.id },
      { createdAt: "2001-01-01T00:00:00Z" },
      { voter: [] },
    ];
    for (const extra of forged) {
      const res = await call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: { ...fields(), ...extra } });
      expect(res.status, Object.keys(extra)[0]).toBe(400);
      expect(res.json.error?.message).toBe(`Unknown field: ${Object.keys(extra)[0]}`);
    }
    expect(await row(survey.id)).toEqual(before);
  });

  it("validates like the create form: required fields, lengths, categories, and no deadline before today", async () => {
    const survey = await createSurvey(owner.id);
    const before = await row(survey.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ category: "" }, "Category is required"],
      [{ deadline: shift(dayIn("UTC"), -2) }, "The deadline cannot be before today"],
      [{ questionDescription: "x".repeat(501) }, "Question description can be at most 500 characters"],
    ];
    for (const [change, message] of bad) {
      const res = await call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: { ...fields(), ...change } });
      expect(res.status).toBe(400);
      expect(res.json.error?.message).toBe(message);
    }
    expect(await row(survey.id)).toEqual(before);
  });

  it("keeps an expired survey's own deadline when only its text changes", async () => {
    const survey = await createSurvey(owner.id, { deadlineInDays: -10 });
    const res = await call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: { ...fields(), deadline: survey.deadline } });
    expect(res.status).toBe(200);
    const earlier = await call(PUT, { method: "PUT", as: owner, params: { id: survey.id }, body: { ...fields(), deadline: shift(survey.deadline, -1) } });
    expect(earlier.status).toBe(400);
  });

  it("refuses another surveyor (403), users (403), signed-out callers (401) and unknown or malformed ids (404)", async () => {
    const survey = await createSurvey(owner.id);
    const before = await row(survey.id);
    expect((await call(PUT, { method: "PUT", as: other, params: { id: survey.id }, body: fields() })).status).toBe(403);
    expect((await call(PUT, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: fields() })).status).toBe(403);
    expect((await call(PUT, { method: "PUT", as: await createUser({ role: "pro_user" }), params: { id: survey.id }, body: fields() })).status).toBe(403);
    expect((await call(PUT, { method: "PUT", params: { id: survey.id }, body: fields() })).status).toBe(401);
    expect((await call(PUT, { method: "PUT", as: owner, params: { id: "0badf00d-0000-4000-8000-000000000000" }, body: fields() })).status).toBe(404);
    expect((await call(PUT, { method: "PUT", as: owner, params: { id: "abc" }, body: fields() })).status).toBe(404);
    expect(await row(survey.id)).toEqual(before);
  });
});
