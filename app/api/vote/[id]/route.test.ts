import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { surveys, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { revalidated, revalidations } from "@/tests/next-cache-stub";
import { GET, PUT } from "./route";

async function unchanged(surveyId: string) {
  const db = await getDb();
  const [survey] = await db.select().from(surveys).where(eq(surveys.id, surveyId));
  const rows = await db.select().from(votes).where(eq(votes.surveyId, surveyId));
  return { yes: survey.yesCount, no: survey.noCount, rows: rows.length };
}

async function setup() {
  const surveyor = await createUser({ role: "surveyor" });
  const survey = await createSurvey(surveyor.id);
  return { surveyor, survey };
}

describe("PUT /api/vote/{id}", () => {
  it("counts the caller's vote, answers modifiedCount 1 and revalidates the survey's public pages", async () => {
    const { survey } = await setup();
    const voter = await createUser({ name: "Val Voter" });
    revalidated.length = 0;
    const res = await call(PUT, {
      method: "PUT",
      as: voter,
      params: { id: survey.id },
      // The original client's extra fields are accepted when they name the caller.
      body: { vote: "yes", userEmail: voter.email.toUpperCase(), userName: "Val Voter" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ modifiedCount: 1, vote: "yes", yesCount: 1, noCount: 0 });
    expect(revalidated).toContain(`survey:${survey.id}`);
    // A vote marks the pages stale (served while one fresh copy is built), never expires them outright,
    // and names no expiry of its own that would replace an earlier edit's (lib/surveys/cache.ts).
    const mine = revalidations.slice(-2);
    expect(mine).toEqual([
      { tag: "surveys", profile: {} },
      { tag: `survey:${survey.id}`, profile: {} },
    ]);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const again = await call(PUT, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "no" } });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe("You have already voted on this survey");
    expect(await unchanged(survey.id)).toEqual({ yes: 1, no: 0, rows: 1 });
  });

  it("answers 50 simultaneous requests by one person with one 200 and 49 409s", async () => {
    const { survey } = await setup();
    const voter = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call(PUT, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "no" } })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
    expect(await unchanged(survey.id)).toEqual({ yes: 0, no: 1, rows: 1 });
  });

  it("refuses, changing nothing: another person's email or name, a bad vote, a plain user's comment, no credentials, a surveyor", async () => {
    const { survey, surveyor } = await setup();
    const voter = await createUser({ name: "Real Name" });
    const victim = await createUser();
    const attempts: [number, NonNullable<Parameters<typeof call>[1]>][] = [
      [403, { as: voter, body: { vote: "yes", userEmail: victim.email } }],
      [403, { as: voter, body: { vote: "yes", userName: "Someone Else" } }],
      [400, { as: voter, body: { vote: "maybe" } }],
      [400, { as: voter, body: {} }],
      [400, { as: voter, body: { vote: ["yes"] } }],
      [400, { as: voter, body: { vote: "yes", userEmail: { $ne: null } } }],
      [400, { as: voter, body: { vote: "yes", comment: "x".repeat(1001) } }],
      [400, { as: voter, rawBody: "{not json", headers: { "content-type": "application/json" } }],
      [413, { as: voter, rawBody: JSON.stringify({ vote: "yes", comment: "x".repeat(20_000) }), headers: { "content-type": "application/json" } }],
      [403, { as: voter, body: { vote: "yes", comment: "Plain users cannot comment" } }],
      [401, { as: null, body: { vote: "yes" } }],
      [401, { token: "forged.token.value", body: { vote: "yes" } }],
      [403, { as: surveyor, body: { vote: "yes" } }],
    ];
    for (const [status, options] of attempts) {
      const res = await call(PUT, { method: "PUT", params: { id: survey.id }, ...options });
      expect(res.status, JSON.stringify(options.body ?? options.rawBody)?.slice(0, 80)).toBe(status);
      expect(res.json.error?.message).toBeTruthy();
    }
    expect(await unchanged(survey.id)).toEqual({ yes: 0, no: 0, rows: 0 });
  });

  it("refuses an unpublished survey (404), a closed one (409) and a bad id (404)", async () => {
    const { surveyor } = await setup();
    const voter = await createUser();
    const hidden = await createSurvey(surveyor.id, { status: "unpublish" });
    const closed = await createSurvey(surveyor.id, { deadlineInDays: -1 });
    expect((await call(PUT, { method: "PUT", as: voter, params: { id: hidden.id }, body: { vote: "yes" } })).status).toBe(404);
    const late = await call(PUT, { method: "PUT", as: voter, params: { id: closed.id }, body: { vote: "yes" } });
    expect(late.status).toBe(409);
    expect(late.json.error?.message).toBe("This survey is closed");
    expect((await call(PUT, { method: "PUT", as: voter, params: { id: "abc" }, body: { vote: "yes" } })).status).toBe(404);
    for (const s of [hidden, closed]) expect(await unchanged(s.id)).toEqual({ yes: 0, no: 0, rows: 0 });
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const { survey } = await setup();
    // Bearer callers are exempt from the origin check; a browser's cross-site request carries Sec-Fetch-Site.
    const res = await call(PUT, {
      method: "PUT",
      params: { id: survey.id },
      body: { vote: "yes" },
      headers: { origin: "https://evil.example", cookie: "authjs.session-token=stolen" },
    });
    expect(res.status).toBe(403);
    expect(await unchanged(survey.id)).toEqual({ yes: 0, no: 0, rows: 0 });
  });

  it("stores a pro_user's comment", async () => {
    const { survey } = await setup();
    const pro = await createUser({ role: "pro_user" });
    const res = await call(PUT, { method: "PUT", as: pro, params: { id: survey.id }, body: { vote: "no", comment: "Well asked" } });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(votes).where(and(eq(votes.surveyId, survey.id), eq(votes.userId, pro.id)));
    expect(row.comment).toBe("Well asked");
  });
});

describe("GET /api/vote/{id}", () => {
  it("answers counts and the caller's own vote, never cached", async () => {
    const { survey } = await setup();
    const voter = await createUser();
    await call(PUT, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "yes" } });
    const mine = await call(GET, { as: voter, params: { id: survey.id } });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ yesCount: 1, noCount: 0, open: true, deadlinePassed: false, myVote: { vote: "yes", comment: null }, canComment: false });
    expect(mine.headers.get("cache-control")).toContain("no-store");
    const anonymous = await call(GET, { params: { id: survey.id } });
    expect(anonymous.json).toMatchObject({ yesCount: 1, myVote: null, signedIn: false });
    expect(JSON.stringify(anonymous.json)).not.toContain(voter.email);
  });

  it("answers 404 for an unpublished survey or a bad id", async () => {
    const { surveyor } = await setup();
    const hidden = await createSurvey(surveyor.id, { status: "unpublish" });
    expect((await call(GET, { params: { id: hidden.id } })).status).toBe(404);
    expect((await call(GET, { params: { id: "not-a-uuid" } })).status).toBe(404);
  });
});
