import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

async function withFeedback(surveyorId: string, title: string, feedback: string, status: "publish" | "unpublish" = "unpublish") {
  const survey = await createSurvey(surveyorId, { title, status });
  const db = await getDb();
  await db.update(surveys).set({ feedback }).where(eq(surveys.id, survey.id));
  return survey;
}

describe("GET /api/feedbacks", () => {
  it("lists only the caller's own surveys that have feedback, with status and feedback", async () => {
    const me = await createUser({ role: "surveyor" });
    const someoneElse = await createUser({ role: "surveyor" });
    await createSurvey(me.id, { title: "No feedback" });
    await withFeedback(me.id, "Mine, unpublished", "Please cite a source");
    await withFeedback(me.id, "Mine, republished", "Fixed, thanks", "publish");
    await withFeedback(someoneElse.id, "Not mine", "Secret feedback");
    const res = await call(GET, { as: me });
    expect(res.status).toBe(200);
    const list = res.json as unknown as { _id: string; title: string; description: string; status: string; feedback: string }[];
    expect(list.map((s) => [s.title, s.status, s.feedback]).sort()).toEqual([
      ["Mine, republished", "publish", "Fixed, thanks"],
      ["Mine, unpublished", "unpublish", "Please cite a source"],
    ]);
    expect(list[0].description).toBeTruthy();
    expect(JSON.stringify(list)).not.toContain("Secret feedback");
  });

  it("answers an empty list to a surveyor without feedback, and refuses other roles and signed-out callers", async () => {
    expect((await call(GET, { as: await createUser({ role: "surveyor" }) })).json).toEqual([]);
    expect((await call(GET, { as: await createUser() })).status).toBe(403);
    expect((await call(GET, { as: await createUser({ role: "pro_user" }) })).status).toBe(403);
    expect((await call(GET, {})).status).toBe(401);
    expect((await call(GET, { as: await createUser({ role: "surveyor" }), path: "/api/feedbacks?limit=0" })).status).toBe(400);
  });
});
