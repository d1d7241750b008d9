import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe("GET /api/get_features_surveys", () => {
  it("answers the 6 published, open surveys with the most votes, ties newest first, without voter data", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser({ email: "secret-voter@test.example" });
    const make = (title: string, yes: number, no: number, age: number, status: "publish" | "unpublish" = "publish") =>
      createSurvey(surveyor.id, { title, yesCount: yes, noCount: no, createdAt: minutesAgo(age), status });
    await make("ten", 6, 4, 50);
    await make("nine", 9, 0, 40);
    await make("tie-old", 3, 2, 90);
    await make("tie-new", 1, 4, 10);
    await make("tie-mid", 5, 0, 30);
    await make("four", 2, 2, 5);
    await make("one", 1, 0, 1);
    await make("hidden-top", 100, 100, 20, "unpublish");
    await createSurvey(surveyor.id, { title: "closed-top", yesCount: 80, noCount: 80, deadlineInDays: -1 });
    await createSurvey(surveyor.id, { title: "closes-today", yesCount: 5, noCount: 5, deadlineInDays: 0, createdAt: minutesAgo(200) });
    const withComment = await make("zero", 0, 0, 2);
    const db = await getDb();
    await db.insert(votes).values({ surveyId: withComment.id, userId: voter.id, vote: "yes", comment: "my private comment" });

    const res = await call(GET);
    expect(res.status).toBe(200);
    const body = res.json as unknown as Array<Record<string, unknown>>;
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((s) => s.title)).toEqual(["ten", "closes-today", "nine", "tie-new", "tie-mid", "tie-old"]);
    expect(body[0]).toMatchObject({ yesCount: 6, noCount: 4, totalVotes: 10, status: "publish", surveyorEmail: null });
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        "_id",
        "title",
        "description",
        "category",
        "deadline",
        "createdAt",
        "questionTitle",
        "questionDescription",
        "status",
        "yesCount",
        "noCount",
        "totalVotes",
        "voidedCount",
        "surveyorEmail",
        "resultsVisibility",
        "resultsHidden",
        "stats",
      ].sort(),
    );
    expect(body[0]).toMatchObject({ resultsVisibility: "after_voting", resultsHidden: false, stats: { n: 10, yesShare: 0.6, verdict: "Too close to call" } });
    const text = JSON.stringify(body);
    expect(text).not.toContain("secret-voter");
    expect(text).not.toContain("my private comment");
    expect(text).not.toMatch(/"voter"|"comment"|"feedback"/);
  });
});
