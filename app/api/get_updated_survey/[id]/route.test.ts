import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

describe("GET /api/get_updated_survey/{id}", () => {
  it("answers the current yes and no counts of a published survey", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 2, noCount: 1 });
    const db = await getDb();
    await db.update(surveys).set({ yesCount: 3 }).where(eq(surveys.id, survey.id));
    const res = await call(GET, { params: { id: survey.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ _id: survey.id, yesCount: 3, noCount: 1, totalVotes: 4 });
    expect(res.json).not.toHaveProperty("voter");
    expect(res.json).not.toHaveProperty("comment");
  });

  it("answers unpublished, unknown and malformed ids with 404", async () => {
    const owner = await createUser({ role: "surveyor" });
    const hidden = await createSurvey(owner.id, { status: "unpublish" });
    for (const id of [hidden.id, "4f1f1c1e-2d3c-4b5a-8e9f-001122334455", "not-an-id", ""]) {
      const res = await call(GET, { params: { id } });
      expect(res.status).toBe(404);
    }
  });
});
