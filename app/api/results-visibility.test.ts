// Every JSON call that shows a survey's counts: each carries `stats`, and a survey whose surveyor keeps
// the results until the deadline answers no count (yesCount, noCount, totalVotes, stats all null) to
// anyone but its surveyor and admins while it is open, and to everyone once it has closed.
import { beforeAll, describe, expect, it } from "vitest";
import { resultStats } from "@/lib/surveys/stats";
import type { User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET as allSurveys } from "./all_surveys/route";
import { GET as featured } from "./get_features_surveys/route";
import { GET as latest } from "./get_latest_survey/route";
import { GET as updatedSurvey } from "./get_updated_survey/[id]/route";
import { GET as liveResults } from "./survey/[id]/results/route";
import { GET as survey } from "./survey/[id]/route";
import { GET as ownList } from "./surveys/[email]/route";
import { GET as votingState, PUT as vote } from "./vote/[id]/route";

type Json = Record<string, unknown>;

let owner: User;
let admin: User;
let voter: User;
let stranger: User;
let otherSurveyor: User;
let shown: { id: string };
let kept: { id: string };
let keptClosed: { id: string };

beforeAll(async () => {
  owner = await createUser({ role: "surveyor" });
  admin = await createUser({ role: "admin" });
  voter = await createUser();
  stranger = await createUser({ role: "pro_user" });
  otherSurveyor = await createUser({ role: "surveyor" });
  shown = await createSurvey(owner.id, { title: "Shown after voting", yesCount: 62, noCount: 22 });
  kept = await createSurvey(owner.id, { title: "Kept until the deadline", yesCount: 7, noCount: 3, resultsVisibility: "after_deadline" });
  keptClosed = await createSurvey(owner.id, {
    title: "Kept until a deadline now past",
    yesCount: 30,
    noCount: 10,
    resultsVisibility: "after_deadline",
    deadlineInDays: -2,
  });
});

const one = (handler: typeof survey, id: string, as?: User | null) => call(handler, { params: { id }, as });
const inList = async (handler: typeof allSurveys, id: string, as?: User | null, path = "/api/all_surveys?limit=100") => {
  const res = await call(handler, { path, as });
  expect(res.status).toBe(200);
  return (res.json as unknown as Json[]).find((s) => s._id === id);
};

const HIDDEN = { yesCount: null, noCount: null, stats: null, resultsHidden: true };
const hiddenSurvey = { ...HIDDEN, totalVotes: null, resultsVisibility: "after_deadline" };

describe("stats on every JSON result", () => {
  const stats = resultStats(62, 22);

  it("carries stats: n, yesShare, the 95 % interval and the verdict, beside the counts", () => {
    expect(stats).toMatchObject({ n: 84, verdict: "Yes leads" });
    expect(stats.yesShare).toBeCloseTo(62 / 84, 12);
    // Wilson's formula for 62 of 84 (checked against published values in lib/surveys/stats.test.ts).
    expect(stats.low).toBeCloseTo(0.6352, 4);
    expect(stats.high).toBeCloseTo(0.8202, 4);
  });

  it.each([
    ["GET /api/survey/{id}", survey],
    ["GET /api/get_updated_survey/{id}", updatedSurvey],
  ])("%s", async (_name, handler) => {
    const res = await one(handler, shown.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ yesCount: 62, noCount: 22, totalVotes: 84, stats, resultsVisibility: "after_voting", resultsHidden: false });
  });

  it("GET /api/survey/{id}/results", async () => {
    const res = await one(liveResults, shown.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ yesCount: 62, noCount: 22, total: 84, deadlinePassed: false, stats, resultsHidden: false });
    expect(res.headers.get("cache-control")).toBe("public, max-age=1");
  });

  it("the public lists and the surveyor's own list", async () => {
    const expected = { yesCount: 62, noCount: 22, totalVotes: 84, stats, resultsHidden: false };
    expect(await inList(allSurveys, shown.id)).toMatchObject(expected);
    expect(await inList(featured, shown.id)).toMatchObject(expected);
    expect(await inList(latest, shown.id)).toMatchObject(expected);
    const mine = await call(ownList, { params: { email: owner.email }, as: owner });
    expect((mine.json as unknown as Json[]).find((s) => s._id === shown.id)).toMatchObject(expected);
  });

  it("GET and PUT /api/vote/{id}", async () => {
    expect((await one(votingState, shown.id, voter)).json).toMatchObject({ yesCount: 62, noCount: 22, stats, resultsHidden: false });
    const res = await call(vote, { method: "PUT", params: { id: shown.id }, as: voter, body: { vote: "no" } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ modifiedCount: 1, yesCount: 62, noCount: 23, stats: resultStats(62, 23), resultsHidden: false });
  });
});

describe("results kept until the deadline, while the survey is open", () => {
  for (const [who, as] of [
    ["the public", () => null],
    ["a voter", () => voter],
    ["a pro_user", () => stranger],
    ["another surveyor", () => otherSurveyor],
  ] as const) {
    describe(`for ${who}`, () => {
      it("GET /api/survey/{id} and /api/get_updated_survey/{id} answer every other field, and nulls for the counts", async () => {
        for (const handler of [survey, updatedSurvey]) {
          const res = await one(handler, kept.id, as());
          expect(res.status).toBe(200);
          expect(res.json).toMatchObject({ _id: kept.id, title: "Kept until the deadline", status: "publish", ...hiddenSurvey });
        }
      });

      it("GET /api/survey/{id}/results answers nulls, shared by every such viewer", async () => {
        const res = await one(liveResults, kept.id, as());
        expect(res.status).toBe(200);
        expect(res.json).toEqual({ yesCount: null, noCount: null, total: null, deadlinePassed: false, stats: null, resultsHidden: true });
        expect(res.headers.get("cache-control")).toBe("public, max-age=1");
      });

      it("the public lists answer nulls for it", async () => {
        expect(await inList(allSurveys, kept.id, as())).toMatchObject(hiddenSurvey);
        expect(await inList(featured, kept.id, as())).toMatchObject(hiddenSurvey);
        expect(await inList(latest, kept.id, as())).toMatchObject(hiddenSurvey);
        expect(await inList(allSurveys, kept.id, as(), "/api/all_surveys?sort=createdAt&limit=100")).toMatchObject(hiddenSurvey);
      });
    });
  }

  it("GET /api/vote/{id} answers nulls to a voter, before and after voting, and to the public", async () => {
    expect((await one(votingState, kept.id, null)).json).toMatchObject({ ...HIDDEN, resultsVisibility: "after_deadline", open: true });
    const person = await createUser();
    expect((await one(votingState, kept.id, person)).json).toMatchObject({ ...HIDDEN, myVote: null, canVote: true });
    const res = await call(vote, { method: "PUT", params: { id: kept.id }, as: person, body: { vote: "yes" } });
    expect(res.status).toBe(200);
    // The vote counts; its answer holds no count.
    expect(res.json).toMatchObject({ acknowledged: true, modifiedCount: 1, vote: "yes", ...HIDDEN });
    expect((await one(votingState, kept.id, person)).json).toMatchObject({ ...HIDDEN, myVote: { vote: "yes" } });
    // Its surveyor sees the vote in the figures.
    expect((await one(survey, kept.id, owner)).json).toMatchObject({ yesCount: 8, noCount: 3 });
  });

  it.each([
    ["its own surveyor", () => owner],
    ["an admin", () => admin],
  ])("%s sees the counts and stats everywhere, never from a shared cache", async (_who, as) => {
    for (const handler of [survey, updatedSurvey]) {
      const res = await one(handler, kept.id, as());
      expect(res.json).toMatchObject({ yesCount: expect.any(Number), noCount: 3, stats: expect.objectContaining({ verdict: expect.any(String) }), resultsHidden: false });
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    const live = await one(liveResults, kept.id, as());
    expect(live.json).toMatchObject({ noCount: 3, resultsHidden: false, stats: expect.objectContaining({ n: expect.any(Number) }) });
    expect(live.headers.get("cache-control")).toBe("private, no-store");
    expect((await one(votingState, kept.id, as())).json).toMatchObject({ noCount: 3, resultsHidden: false });
    expect(await inList(allSurveys, kept.id, as())).toMatchObject({ noCount: 3, resultsHidden: false });
    expect(await inList(featured, kept.id, as())).toMatchObject({ noCount: 3, resultsHidden: false });
    const list = await call(ownList, { params: { email: owner.email }, as: as() });
    expect((list.json as unknown as Json[]).find((s) => s._id === kept.id)).toMatchObject({ noCount: 3, resultsHidden: false });
  });
});

describe("results kept until a deadline that has passed", () => {
  it("are shown to everyone, with their stats", async () => {
    const stats = resultStats(30, 10);
    const expected = { yesCount: 30, noCount: 10, stats, resultsHidden: false };
    for (const as of [null, voter, otherSurveyor]) {
      expect((await one(survey, keptClosed.id, as)).json).toMatchObject({ ...expected, totalVotes: 40, resultsVisibility: "after_deadline" });
      expect((await one(liveResults, keptClosed.id, as)).json).toEqual({ ...expected, total: 40, deadlinePassed: true });
      expect((await one(votingState, keptClosed.id, as)).json).toMatchObject({ ...expected, deadlinePassed: true });
      expect(await inList(allSurveys, keptClosed.id, as)).toMatchObject({ ...expected, totalVotes: 40 });
    }
    expect((await one(liveResults, keptClosed.id, null)).headers.get("cache-control")).toBe("public, max-age=1");
  });
});
