import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { hitKey, limitMax } from "@/lib/limits/apply";
import { limitHits, surveys, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { PUT } from "./route";

// `votes.account` (lib/limits/table.ts): one account's vote attempts per minute. A script crawling every
// survey with one account is refused; a person, and every other account, is not.
const VOTES_PER_MINUTE = limitMax("votes.account");

describe("PUT /api/vote/{id}: votes per account per minute", () => {
  it(`answers the attempt after ${VOTES_PER_MINUTE} in a minute 429 with Retry-After, changing nothing; another account is unaffected`, async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const crawled = await Promise.all(Array.from({ length: VOTES_PER_MINUTE + 1 }, () => createSurvey(surveyor.id)));
    const script = await createUser();
    const vote = (as: typeof script, id: string) => call(PUT, { method: "PUT", as, params: { id }, body: { vote: "yes" } });

    // A repeat on the same survey is an attempt too (409), as every other answer past the checks.
    expect((await vote(script, crawled[0].id)).status).toBe(200);
    expect((await vote(script, crawled[0].id)).status).toBe(409);
    for (const survey of crawled.slice(1, VOTES_PER_MINUTE - 1)) expect((await vote(script, survey.id)).status).toBe(200);

    const refused = await vote(script, crawled[VOTES_PER_MINUTE].id);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({ code: "too_many_requests", message: expect.stringMatching(/wait a minute/) });
    expect(refused.headers.get("retry-after")).toBe("60");
    const db = await getDb();
    expect((await db.select({ n: count() }).from(votes).where(eq(votes.surveyId, crawled[VOTES_PER_MINUTE].id)))[0].n).toBe(0);
    const [untouched] = await db.select().from(surveys).where(eq(surveys.id, crawled[VOTES_PER_MINUTE].id));
    expect(untouched).toMatchObject({ yesCount: 0, noCount: 0 });
    // Refused attempts are not counted again: waiting out the window is enough.
    expect((await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, hitKey("votes.account", script.id))))[0].n).toBe(VOTES_PER_MINUTE);

    const person = await createUser();
    expect((await vote(person, crawled[VOTES_PER_MINUTE].id)).status).toBe(200);

    // A minute later the script's attempts no longer count.
    await db.update(limitHits).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(limitHits.key, hitKey("votes.account", script.id)));
    expect((await vote(script, crawled[VOTES_PER_MINUTE].id)).status).toBe(200);
  });

  it(`lets at most ${VOTES_PER_MINUTE} of many simultaneous attempts by one account through the limit`, async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const crawled = await Promise.all(Array.from({ length: VOTES_PER_MINUTE + 20 }, () => createSurvey(surveyor.id)));
    const script = await createUser();
    const answers = await Promise.all(crawled.map((s) => call(PUT, { method: "PUT", as: script, params: { id: s.id }, body: { vote: "no" } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(VOTES_PER_MINUTE);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20);
    const db = await getDb();
    expect((await db.select({ n: count() }).from(votes).where(eq(votes.userId, script.id)))[0].n).toBe(VOTES_PER_MINUTE);
  });
});
