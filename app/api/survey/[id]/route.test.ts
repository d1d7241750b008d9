import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { votes, type Survey, type User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

let owner: User;
let published: Survey;
let hidden: Survey;

beforeAll(async () => {
  owner = await createUser({ role: "surveyor" });
  published = await createSurvey(owner.id, { title: "Open survey", yesCount: 1, noCount: 0 });
  hidden = await createSurvey(owner.id, { title: "Hidden survey", status: "unpublish" });
  const voter = await createUser({ email: "who-voted@test.example", role: "pro_user" });
  const db = await getDb();
  await db.insert(votes).values({ surveyId: published.id, userId: voter.id, vote: "yes", comment: "a comment nobody else may read" });
});

describe("GET /api/survey/{id}", () => {
  it("answers a published survey's public fields, without voters or comments", async () => {
    const res = await call(GET, { params: { id: published.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      _id: published.id,
      title: "Open survey",
      category: published.category,
      deadline: published.deadline,
      questionTitle: published.questionTitle,
      questionDescription: published.questionDescription,
      status: "publish",
      yesCount: 1,
      noCount: 0,
      // The surveyor's address is for them and admins only (surveyor-address.test.ts).
      surveyorEmail: null,
    });
    const text = JSON.stringify(res.json);
    expect(text).not.toContain("who-voted");
    expect(text).not.toContain("a comment nobody");
  });

  it("hides an unpublished survey from the public and from other people (404, like an unknown id)", async () => {
    expect((await call(GET, { params: { id: hidden.id } })).status).toBe(404);
    const stranger = await createUser({ role: "surveyor" });
    const res = await call(GET, { params: { id: hidden.id }, as: stranger });
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe("not_found");
  });

  it("shows an unpublished survey to its own surveyor and to admins, never cached", async () => {
    const mine = await call(GET, { params: { id: hidden.id }, as: owner });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ _id: hidden.id, status: "unpublish" });
    expect(mine.headers.get("cache-control")).toContain("no-store");
    const admin = await createUser({ role: "admin" });
    expect((await call(GET, { params: { id: hidden.id }, as: admin })).status).toBe(200);
  });

  it.each(["abc", "0", "1' or '1'='1", "{\"$ne\":null}", "x".repeat(5000), "00000000-0000-0000-0000-00000000000g"])(
    "answers the malformed id %s with 404, never 500",
    async (id) => {
      const res = await call(GET, { params: { id } });
      expect(res.status).toBe(404);
      expect(res.json.error?.code).toBe("not_found");
    },
  );

  it("answers an unknown id with 404", async () => {
    expect((await call(GET, { params: { id: "7b0c6f36-4e0e-4c64-9a57-0c2d1b8f0e11" } })).status).toBe(404);
  });
});
