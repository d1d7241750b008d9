// The deadline boundary, by the database clock: a survey closes at the end of its deadline day in
// APP_TIME_ZONE. This file picks a zone where that day ended less than an hour ago, so a vote here
// comes "a moment after the deadline" whatever time the test runs.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { surveys, votes } from "@/models";
import { createUser } from "@/tests/factories";
import { castVote, getVotingState } from "./votes";

const localHour = (timeZone: string) =>
  Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(new Date()));
const localDate = (timeZone: string, offsetDays = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );

// Etc/GMT+N is UTC-N (POSIX sign); together they cover UTC-12 to UTC+14, so one is always just past midnight.
const zones = Array.from({ length: 27 }, (_, i) => i - 12).map((o) => (o === 0 ? "Etc/GMT" : `Etc/GMT${o > 0 ? "-" : "+"}${Math.abs(o)}`));
const zone = zones.find((z) => localHour(z) === 0)!;
process.env.APP_TIME_ZONE = zone;

async function surveyWithDeadline(surveyorId: string, deadline: string) {
  const db = await getDb();
  const [survey] = await db
    .insert(surveys)
    .values({ title: `Deadline ${deadline}`, description: "d", category: "Other", deadline, questionTitle: "q", questionDescription: "q", surveyorId })
    .returning();
  return survey;
}

describe(`the deadline in APP_TIME_ZONE (${zone})`, () => {
  it("refuses a vote a moment after the deadline day ended there, and changes nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    // Yesterday, in that zone, ended at its midnight: less than an hour ago.
    const survey = await surveyWithDeadline(surveyor.id, localDate(zone, -1));
    await expect(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes" })).rejects.toMatchObject({
      status: 409,
      message: "This survey is closed",
    });
    const db = await getDb();
    expect(await db.select().from(votes).where(eq(votes.surveyId, survey.id))).toHaveLength(0);
    const [after] = await db.select().from(surveys).where(eq(surveys.id, survey.id));
    expect([after.yesCount, after.noCount]).toEqual([0, 0]);
    expect(await getVotingState(survey.id, voter)).toMatchObject({ deadlinePassed: true, open: false });
  });

  it("accepts a vote on the deadline day itself", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await surveyWithDeadline(surveyor.id, localDate(zone));
    expect(await getVotingState(survey.id, voter)).toMatchObject({ deadlinePassed: false, open: true });
    await expect(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "no" })).resolves.toMatchObject({ noCount: 1 });
  });
});
