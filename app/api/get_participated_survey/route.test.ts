// The three "my data" calls of the original client: each answers only the caller's own rows, and a
// body naming anyone else is refused rather than used as a filter.
import { describe, expect, it } from "vitest";
import { castVote } from "@/lib/votes/votes";
import { reportSurvey } from "@/lib/votes/reports";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { POST as participated } from "./route";
import { POST as reported } from "../reported_by/route";
import { POST as commented } from "../get_commented_surveys/route";

async function world() {
  const surveyor = await createUser({ role: "surveyor" });
  const me = await createUser({ role: "pro_user", name: "Me Myself" });
  const other = await createUser({ role: "pro_user" });
  const [a, b, c] = await Promise.all([createSurvey(surveyor.id), createSurvey(surveyor.id), createSurvey(surveyor.id, { status: "publish" })]);
  await castVote({ surveyId: a.id, userId: me.id, role: me.role, vote: "yes", comment: "My thought on A" });
  await castVote({ surveyId: b.id, userId: me.id, role: me.role, vote: "no" });
  await castVote({ surveyId: a.id, userId: other.id, role: other.role, vote: "no", comment: "Someone else's thought" });
  await castVote({ surveyId: c.id, userId: other.id, role: other.role, vote: "yes", comment: "Also not mine" });
  await reportSurvey({ surveyId: c.id, userId: me.id, role: me.role });
  await reportSurvey({ surveyId: a.id, userId: other.id, role: other.role });
  return { surveyor, me, other, a, b, c };
}

describe("POST /api/get_participated_survey, /api/reported_by, /api/get_commented_surveys", () => {
  it("answer only the caller's own surveys, votes and comments", async () => {
    const { me, a, b, c } = await world();
    const p = await call(participated, { method: "POST", as: me, body: { userEmail: me.email, userName: "Me Myself" } });
    expect(p.status).toBe(200);
    const list = p.json as unknown as { _id: string; vote: string }[];
    expect(list.map((s) => [s._id, s.vote]).sort()).toEqual([[a.id, "yes"], [b.id, "no"]].sort());

    const r = await call(reported, { method: "POST", as: me, body: { userEmail: me.email } });
    expect((r.json as unknown as { _id: string; status: string }[]).map((s) => [s._id, s.status])).toEqual([[c.id, "publish"]]);

    const cm = await call(commented, { method: "POST", as: me, body: {} });
    expect(cm.json).toEqual([expect.objectContaining({ _id: a.id, comment: [{ userEmail: me.email, comment: "My thought on A" }] })]);
    expect(JSON.stringify(cm.json)).not.toContain("Someone else");
  });

  it("refuse a body naming someone else or carrying a filter, and callers without the right", async () => {
    const { me, other, surveyor } = await world();
    const plain = await createUser();
    for (const handler of [participated, reported, commented]) {
      expect((await call(handler, { method: "POST", as: me, body: { userEmail: other.email } })).status).toBe(403);
      expect((await call(handler, { method: "POST", as: me, body: { userEmail: { $ne: null } } })).status).toBe(400);
      expect((await call(handler, { method: "POST", as: me, body: [] })).status).toBe(400);
      expect((await call(handler, { method: "POST", as: null, body: {} })).status).toBe(401);
      expect((await call(handler, { method: "POST", as: surveyor, body: {} })).status).toBe(403);
    }
    // Comments are a pro_user feature.
    expect((await call(commented, { method: "POST", as: plain, body: {} })).status).toBe(403);
    expect((await call(participated, { method: "POST", as: plain, body: {} })).json).toEqual([]);
  });
});
