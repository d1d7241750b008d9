import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { votes, type Survey, type User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

type VotersPage = { total: number; page: number; limit: number; voters: { userName: string; userEmail: string; vote: string; comment: string | null }[] };

let owner: User;
let survey: Survey;
const voters: User[] = [];

beforeAll(async () => {
  owner = await createUser({ role: "surveyor" });
  survey = await createSurvey(owner.id, { yesCount: 2, noCount: 1 });
  const db = await getDb();
  for (let i = 0; i < 3; i++) voters.push(await createUser({ name: `Voter ${i + 1}` }));
  const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000);
  await db.insert(votes).values([
    { surveyId: survey.id, userId: voters[0].id, vote: "yes", createdAt: at(1) },
    { surveyId: survey.id, userId: voters[1].id, vote: "no", comment: "Too vague", createdAt: at(2) },
    { surveyId: survey.id, userId: voters[2].id, vote: "yes", createdAt: at(3) },
  ]);
});

describe("GET /api/survey/{id}/voters", () => {
  it("gives the owner the voters in voting order, with comments, page by page", async () => {
    const res = await call(GET, { as: owner, params: { id: survey.id }, path: "/api/survey/x/voters?limit=2" });
    expect(res.status).toBe(200);
    const body = res.json as unknown as VotersPage;
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(body.voters.map((v) => [v.userName, v.userEmail, v.vote, v.comment])).toEqual([
      ["Voter 1", voters[0].email, "yes", null],
      ["Voter 2", voters[1].email, "no", "Too vague"],
    ]);
    const second = (await call(GET, { as: owner, params: { id: survey.id }, path: "/api/survey/x/voters?limit=2&page=2" })).json as unknown as VotersPage;
    expect(second.voters.map((v) => v.userName)).toEqual(["Voter 3"]);
    expect(JSON.stringify(body)).not.toMatch(/password|passwordHash|"id"/i);
  });

  it("lets an admin read any survey's voters", async () => {
    const admin = await createUser({ role: "admin" });
    expect((await call(GET, { as: admin, params: { id: survey.id } })).status).toBe(200);
  });

  it("refuses another surveyor and voters (403), signed-out callers (401), bad ids (404) and bad paging (400)", async () => {
    expect((await call(GET, { as: await createUser({ role: "surveyor" }), params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { as: voters[0], params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { as: await createUser({ role: "pro_user" }), params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { params: { id: survey.id } })).status).toBe(401);
    expect((await call(GET, { as: owner, params: { id: "0badf00d-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await call(GET, { as: owner, params: { id: "1 or 1=1" } })).status).toBe(404);
    expect((await call(GET, { as: owner, params: { id: survey.id }, path: "/api/survey/x/voters?limit=1000" })).status).toBe(400);
    expect((await call(GET, { as: owner, params: { id: survey.id }, path: "/api/survey/x/voters?page=0" })).status).toBe(400);
  });
});
