import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { resultStats } from "@/lib/surveys/stats";
import { surveys, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { reportSurvey } from "./reports";
import { castVote, getVotingState, listCommentedSurveys, listParticipatedSurveys } from "./votes";

async function rowsAndCounters(surveyId: string) {
  const db = await getDb();
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, surveyId));
  const [yes] = await db.select({ n: count() }).from(votes).where(and(eq(votes.surveyId, surveyId), eq(votes.vote, "yes")));
  const [no] = await db.select({ n: count() }).from(votes).where(and(eq(votes.surveyId, surveyId), eq(votes.vote, "no")));
  return { yesCount: survey.yesCount, noCount: survey.noCount, yesRows: Number(yes.n), noRows: Number(no.n) };
}

async function statusOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

/** The survey has `rows` vote rows, and its yes and no counters equal its yes and no rows. */
async function expectCountersEqualRows(surveyId: string, rows: number) {
  const state = await rowsAndCounters(surveyId);
  expect(state.yesRows + state.noRows).toBe(rows);
  expect(state.yesCount).toBe(state.yesRows);
  expect(state.noCount).toBe(state.noRows);
}

describe("castVote", () => {
  it("counts one vote and moves the matching counter", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id, { yesCount: 0, noCount: 0 });
    const result = await castVote({ surveyId: survey.id, userId: voter.id, role: voter.role, vote: "no" });
    expect(result).toEqual({ vote: "no", comment: null, yesCount: 0, noCount: 1, stats: resultStats(0, 1), resultsHidden: false });
    expect(await rowsAndCounters(survey.id)).toEqual({ yesCount: 0, noCount: 1, yesRows: 0, noRows: 1 });
  });

  it("lets exactly one of 50 simultaneous attempts by one person succeed; the rest get 409", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        statusOf(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: i % 2 ? "no" : "yes" })),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    await expectCountersEqualRows(survey.id, 1);
  });

  it("keeps exactly one row per person and counters equal to the rows: 20 people x 10 attempts x 3 surveys at once", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const people = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const list = await Promise.all([createSurvey(surveyor.id), createSurvey(surveyor.id), createSurvey(surveyor.id)]);
    const attempts = list.flatMap((survey, s) =>
      people.flatMap((person, p) =>
        Array.from({ length: 10 }, (_, a) =>
          statusOf(castVote({ surveyId: survey.id, userId: person.id, role: "user", vote: (p + s + a) % 3 ? "yes" : "no" })),
        ),
      ),
    );
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 409)).toHaveLength(540);
    for (const survey of list) {
      await expectCountersEqualRows(survey.id, 20);
    }
  });

  it("refuses a repeat with a clear 409 and leaves the first vote as it was", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    await castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes" });
    await expect(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "no" })).rejects.toMatchObject({
      status: 409,
      message: "You have already voted on this survey",
    });
    expect(await rowsAndCounters(survey.id)).toEqual({ yesCount: 1, noCount: 0, yesRows: 1, noRows: 0 });
  });

  it("refuses a closed survey (409 'This survey is closed') and an unpublished or unknown one (404), changing nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const closed = await createSurvey(surveyor.id, { deadlineInDays: -2 });
    const hidden = await createSurvey(surveyor.id, { status: "unpublish" });
    await expect(castVote({ surveyId: closed.id, userId: voter.id, role: "user", vote: "yes" })).rejects.toMatchObject({
      status: 409,
      message: "This survey is closed",
    });
    await expect(castVote({ surveyId: hidden.id, userId: voter.id, role: "user", vote: "yes" })).rejects.toMatchObject({ status: 404 });
    await expect(
      castVote({ surveyId: "00000000-0000-4000-8000-000000000000", userId: voter.id, role: "user", vote: "yes" }),
    ).rejects.toMatchObject({ status: 404 });
    for (const s of [closed, hidden]) expect(await rowsAndCounters(s.id)).toEqual({ yesCount: 0, noCount: 0, yesRows: 0, noRows: 0 });
  });

  it("keeps a survey open through the whole deadline day", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const db = await getDb();
    // The deadline is today (UTC, the default APP_TIME_ZONE): still open until midnight.
    const [today] = await db
      .insert(surveys)
      .values({
        title: "Closes tonight",
        description: "d",
        category: "Other",
        deadline: sql`(now() at time zone 'UTC')::date` as unknown as string,
        questionTitle: "q",
        questionDescription: "q",
        surveyorId: surveyor.id,
      })
      .returning();
    await expect(castVote({ surveyId: today.id, userId: voter.id, role: "user", vote: "yes" })).resolves.toMatchObject({ yesCount: 1 });
  });

  it("accepts a comment only from a pro_user and stores it trimmed; a plain user's comment is 403 and nothing changes", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const pro = await createUser({ role: "pro_user" });
    const plain = await createUser();
    const survey = await createSurvey(surveyor.id);
    await expect(
      castVote({ surveyId: survey.id, userId: plain.id, role: "user", vote: "yes", comment: "I have opinions" }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await rowsAndCounters(survey.id)).toEqual({ yesCount: 0, noCount: 0, yesRows: 0, noRows: 0 });
    // An empty comment box is not a comment.
    await castVote({ surveyId: survey.id, userId: plain.id, role: "user", vote: "yes", comment: "   " });
    const result = await castVote({ surveyId: survey.id, userId: pro.id, role: "pro_user", vote: "no", comment: "  Good question  " });
    expect(result.comment).toBe("Good question");
  });

  it("refuses surveyors and admins", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey(surveyor.id);
    for (const who of [surveyor, admin]) {
      await expect(castVote({ surveyId: survey.id, userId: who.id, role: who.role, vote: "yes" })).rejects.toMatchObject({ status: 403 });
    }
    expect(await rowsAndCounters(survey.id)).toEqual({ yesCount: 0, noCount: 0, yesRows: 0, noRows: 0 });
  });
});

describe("getVotingState", () => {
  it("answers the counts, whether it is open, and only the viewer's own vote", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const pro = await createUser({ role: "pro_user" });
    const other = await createUser();
    const survey = await createSurvey(surveyor.id);
    await castVote({ surveyId: survey.id, userId: pro.id, role: "pro_user", vote: "yes", comment: "Mine" });
    expect(await getVotingState(survey.id, pro)).toEqual({
      questionTitle: "Question",
      questionDescription: "Do you agree?",
      yesCount: 1,
      noCount: 0,
      stats: resultStats(1, 0),
      resultsHidden: false,
      resultsVisibility: "after_voting",
      deadlinePassed: false,
      open: true,
      signedIn: true,
      canVote: true,
      canComment: true,
      myVote: { vote: "yes", comment: "Mine" },
      reported: false,
      emailUnverified: false,
      resultMail: false,
    });
    expect(await getVotingState(survey.id, other)).toMatchObject({ myVote: null, canComment: false, canVote: true, reported: false });
    // A report is the reporter's own: it shows for them only.
    await reportSurvey({ surveyId: survey.id, userId: other.id, role: "user" });
    expect(await getVotingState(survey.id, other)).toMatchObject({ reported: true });
    expect(await getVotingState(survey.id, pro)).toMatchObject({ reported: false });
    expect(await getVotingState(survey.id, null)).toMatchObject({ signedIn: false, myVote: null, canVote: false });
    const closed = await createSurvey(surveyor.id, { deadlineInDays: -1 });
    expect(await getVotingState(closed.id, null)).toMatchObject({ deadlinePassed: true, open: false });
    const hidden = await createSurvey(surveyor.id, { status: "unpublish" });
    expect(await getVotingState(hidden.id, pro)).toBeNull();
  });
});

describe("results kept until the deadline", () => {
  it("counts the vote but answers no counts to the voter, in the vote and in the voting state", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id, { resultsVisibility: "after_deadline", yesCount: 4, noCount: 2 });
    const result = await castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes" });
    expect(result).toEqual({ vote: "yes", comment: null, yesCount: null, noCount: null, stats: null, resultsHidden: true });
    expect(await rowsAndCounters(survey.id)).toMatchObject({ yesCount: 5, noCount: 2 });
    const hidden = { yesCount: null, noCount: null, stats: null, resultsHidden: true, resultsVisibility: "after_deadline" };
    expect(await getVotingState(survey.id, voter)).toMatchObject({ ...hidden, myVote: { vote: "yes" } });
    expect(await getVotingState(survey.id, null)).toMatchObject(hidden);
    // Its surveyor and the admins see them.
    const shown = { yesCount: 5, noCount: 2, stats: resultStats(5, 2), resultsHidden: false };
    expect(await getVotingState(survey.id, surveyor)).toMatchObject(shown);
    expect(await getVotingState(survey.id, await createUser({ role: "admin" }))).toMatchObject(shown);
    expect(await getVotingState(survey.id, await createUser({ role: "surveyor" }))).toMatchObject(hidden);
  });

  it("shows the counts to everyone once the survey has closed", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const closed = await createSurvey(surveyor.id, { resultsVisibility: "after_deadline", deadlineInDays: -1, yesCount: 3, noCount: 9 });
    expect(await getVotingState(closed.id, null)).toMatchObject({ yesCount: 3, noCount: 9, stats: resultStats(3, 9), resultsHidden: false });
  });
});

describe("dashboard lists", () => {
  it("list only the person's own votes and non-empty comments", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const pro = await createUser({ role: "pro_user" });
    const other = await createUser({ role: "pro_user" });
    const [a, b, c] = await Promise.all([createSurvey(surveyor.id), createSurvey(surveyor.id), createSurvey(surveyor.id)]);
    await castVote({ surveyId: a.id, userId: pro.id, role: "pro_user", vote: "yes", comment: "On A" });
    await castVote({ surveyId: b.id, userId: pro.id, role: "pro_user", vote: "no" });
    await castVote({ surveyId: a.id, userId: other.id, role: "pro_user", vote: "no", comment: "Not mine" });
    await castVote({ surveyId: c.id, userId: other.id, role: "pro_user", vote: "no", comment: "Not mine either" });
    const participated = await listParticipatedSurveys(pro.id);
    expect(participated.map((s) => [s.id, s.vote]).sort()).toEqual([[a.id, "yes"], [b.id, "no"]].sort());
    const commented = await listCommentedSurveys(pro.id);
    expect(commented.map((s) => [s.id, s.comment])).toEqual([[a.id, "On A"]]);
  });
});
