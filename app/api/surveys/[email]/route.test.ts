import { beforeAll, describe, expect, it } from "vitest";
import type { User } from "@/models";
import { createSurvey, createUser, surveyorsAndAdmin } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

let owner: User;
let other: User;
let admin: User;

beforeAll(async () => {
  ({ owner, other, admin } = await surveyorsAndAdmin());
  await createSurvey(owner.id, { title: "Mine, published" });
  await createSurvey(owner.id, { title: "Mine, unpublished", status: "unpublish" });
  await createSurvey(other.id, { title: "Someone else's" });
});

describe("GET /api/surveys/{email}", () => {
  it("lists all of a surveyor's own surveys, unpublished included", async () => {
    const res = await call(GET, { as: owner, params: { email: owner.email.toUpperCase() } });
    expect(res.status).toBe(200);
    const list = res.json as unknown as { title: string; status: string; surveyorEmail: string }[];
    expect(list.map((s) => s.title).sort()).toEqual(["Mine, published", "Mine, unpublished"]);
    expect(list.every((s) => s.surveyorEmail === owner.email)).toBe(true);
  });

  it("lets an admin read any surveyor's list", async () => {
    const res = await call(GET, { as: admin, params: { email: other.email } });
    expect((res.json as unknown as { title: string }[]).map((s) => s.title)).toEqual(["Someone else's"]);
  });

  it("refuses another surveyor's list, plain users, signed-out callers and malformed emails", async () => {
    expect((await call(GET, { as: other, params: { email: owner.email } })).status).toBe(403);
    expect((await call(GET, { as: await createUser(), params: { email: owner.email } })).status).toBe(403);
    expect((await call(GET, { params: { email: owner.email } })).status).toBe(401);
    expect((await call(GET, { as: admin, params: { email: "not-an-email" } })).status).toBe(404);
  });
});
