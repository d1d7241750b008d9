// A survey's votes per day, as its surveyor's chart shows them.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { votesPerDay } from "@/lib/surveys/voters";
import { getManagedSurvey } from "@/lib/surveys/workspace";

const DAY = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

describe("votesPerDay", () => {
  it("counts yes and no per day (UTC here) from creation to today, days without votes included", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const now = Date.now();
    const survey = await createSurvey(surveyor.id, { createdAt: new Date(now - 3 * DAY) });
    const db = await getDb();
    const voter = async (vote: "yes" | "no", at: number) =>
      db.insert(votes).values({ surveyId: survey.id, userId: (await createUser()).id, vote, createdAt: new Date(at) });
    await voter("yes", now - 3 * DAY);
    await voter("no", now - 3 * DAY);
    await voter("yes", now - 3 * DAY);
    await voter("no", now);
    const managed = await getManagedSurvey(survey.id, surveyor);
    expect(await votesPerDay(managed)).toEqual([
      { day: isoDay(now - 3 * DAY), yes: 2, no: 1 },
      { day: isoDay(now - 2 * DAY), yes: 0, no: 0 },
      { day: isoDay(now - DAY), yes: 0, no: 0 },
      { day: isoDay(now), yes: 0, no: 1 },
    ]);
  });

  it("stops at the deadline of a closed survey", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id, { createdAt: new Date(Date.now() - 10 * DAY), deadlineInDays: -5 });
    const days = await votesPerDay(await getManagedSurvey(survey.id, surveyor));
    expect(days).toHaveLength(6);
    expect(days.at(-1)!.day).toBe(survey.deadline);
  });
});
