import { describe, expect, it } from "vitest";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

describe("GET /api/get_latest_survey", () => {
  it("answers the 6 newest published surveys, newest first", async () => {
    expect((await call(GET)).json).toEqual([]);
    const surveyor = await createUser({ role: "surveyor" });
    for (let i = 1; i <= 8; i++) {
      await createSurvey(surveyor.id, { title: `s${i}`, createdAt: new Date(Date.UTC(2026, 0, i)), yesCount: 10 - i });
    }
    await createSurvey(surveyor.id, { title: "newest but unpublished", createdAt: new Date(Date.UTC(2026, 5, 1)), status: "unpublish" });

    const res = await call(GET);
    expect(res.status).toBe(200);
    const body = res.json as unknown as Array<{ title: string; createdAt: string }>;
    expect(body.map((s) => s.title)).toEqual(["s8", "s7", "s6", "s5", "s4", "s3"]);
    expect(body[0].createdAt).toBe("2026-01-08T00:00:00.000Z");
  });
});
