// The integrity panel's figures against the real database, and the brigading simulation: organic
// votes over hours, then 50 accounts from one network voting within a minute; the panel flags both,
// an admin suspends and voids them, and the public counts return exactly to the organic figures.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as suspendRoute } from "@/app/api/users/[id]/suspension/route";
import { POST as voidRoute } from "@/app/api/users/[id]/votes/void/route";
import { GET as surveyRoute } from "@/app/api/survey/[id]/route";
import { PUT as voteRoute } from "@/app/api/vote/[id]/route";
import { getDb } from "@/lib/db";
import { networkHash } from "@/lib/network-hash";
import { integrityOf } from "@/lib/services/integrity";
import { users, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";

const HOUR = 3_600_000;

/** A person who signed up from `address`'s network `ageDays` ago. */
async function voterFrom(address: string, ageDays: number, verified = true) {
  const person = await createUser({ emailVerified: verified ? new Date() : null });
  const db = await getDb();
  await db
    .update(users)
    .set({ signupNetwork: networkHash(address), createdAt: new Date(Date.now() - ageDays * 86_400_000) })
    .where(eq(users.id, person.id));
  return person;
}

/** Votes through the route, as a browser at `address` would. */
async function vote(surveyId: string, person: { id: string; email: string; name: string | null }, value: "yes" | "no", address: string) {
  const res = await call(voteRoute, {
    method: "PUT",
    path: `/api/vote/${surveyId}`,
    as: person,
    params: { id: surveyId },
    headers: { "x-forwarded-for": address },
    body: { vote: value, userEmail: person.email, userName: person.name },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

async function moveVote(surveyId: string, userId: string, at: Date) {
  const db = await getDb();
  await db.update(votes).set({ createdAt: at }).where(sql`${votes.surveyId} = ${surveyId} and ${votes.userId} = ${userId}`);
}

async function publicCounts(surveyId: string) {
  const res = await call(surveyRoute, { path: `/api/survey/${surveyId}`, params: { id: surveyId } });
  expect(res.status).toBe(200);
  return { yes: res.json.yesCount, no: res.json.noCount, voided: res.json.voidedCount };
}

describe("integrityOf", () => {
  it("answers zeros for a survey without votes, null for no survey", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id);
    const panel = await integrityOf(survey.id);
    expect(panel).toMatchObject({ votes: 0, verifiedVotes: 0, activeHours: 0, medianPerHour: 0, peakHour: null, bursts: [], sharedNetworkVotes: 0, voided: 0 });
    expect(panel?.burstThreshold).toBe(10);
    expect(await integrityOf("00000000-0000-4000-8000-000000000000")).toBeNull();
  });

  it("counts verified voters and the voters' account age when they voted", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id);
    const ages = [0.1, 0.5, 3, 10, 10, 100];
    for (const [i, age] of ages.entries()) await vote(survey.id, await voterFrom(`198.51.${i}.7`, age, i % 2 === 0), "yes", `198.51.${i}.7`);
    const panel = await integrityOf(survey.id);
    expect(panel).toMatchObject({ votes: 6, verifiedVotes: 3, accountAge: { under1Day: 2, days1To7: 1, days7To30: 2, older: 1 }, sharedNetworkVotes: 0 });
    // The vote rows keep the network's hash, never the address.
    const db = await getDb();
    const rows = await db.select({ network: votes.network }).from(votes).where(eq(votes.surveyId, survey.id));
    expect(rows.every((r) => r.network && !r.network.includes("198.51"))).toBe(true);
  });

  it("brigading: the panel flags the burst and the shared network; suspending and voiding returns the public counts exactly to the organic figures", async () => {
    const admin = await createUser({ role: "admin" });
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { createdAt: new Date(Date.now() - 30 * HOUR) });
    const start = Date.now() - 24 * HOUR;

    // Organic: 40 long-standing accounts from 40 networks, two or three votes an hour over 16 hours.
    const organic = { yes: 0, no: 0 };
    for (let i = 0; i < 40; i++) {
      const address = `192.0.${i}.${10 + i}`;
      const person = await voterFrom(address, 60 + i);
      const value = i % 3 === 0 ? "no" : "yes";
      organic[value]++;
      await vote(survey.id, person, value, address);
      await moveVote(survey.id, person.id, new Date(start + Math.floor(i / 2.5) * HOUR + (i % 3) * 60_000));
    }
    const before = await integrityOf(survey.id);
    expect(before).toMatchObject({ votes: 40, burstHours: 0, sharedNetworkVotes: 0 });

    // The brigade: 50 accounts made today from one /24, voting yes within a minute.
    const brigade = [];
    for (let i = 0; i < 50; i++) brigade.push(await voterFrom(`203.0.113.${i + 1}`, 0.01, false));
    for (const [i, person] of brigade.entries()) await vote(survey.id, person, "yes", `203.0.113.${i + 1}`);

    const during = await integrityOf(survey.id);
    expect(during!.votes).toBe(90);
    expect(during!.accountAge.under1Day).toBe(50);
    expect(during!.verifiedVotes).toBe(40);
    expect(during!.medianPerHour).toBeLessThanOrEqual(3);
    expect(during!.burstThreshold).toBe(Math.max(10, Math.ceil(5 * during!.medianPerHour)));
    expect(during!.burstHours).toBe(1);
    expect(during!.bursts[0].votes).toBe(50);
    expect(during!.peakHour?.votes).toBe(50);
    expect(during!.sharedNetworks).toBe(1);
    expect(during!.sharedNetworkVotes).toBe(50);
    expect(during!.largestSharedNetwork).toBe(50);
    expect(await publicCounts(survey.id)).toEqual({ yes: organic.yes + 50, no: organic.no, voided: 0 });

    // The admin suspends and voids each of them.
    for (const person of brigade) {
      const params = { id: person.id };
      expect((await call(suspendRoute, { method: "POST", as: admin, params, body: { reason: "Brigade from one network" } })).status).toBe(200);
      const voided = await call(voidRoute, { method: "POST", as: admin, params, body: { reason: "Brigade from one network" } });
      expect(voided.json).toMatchObject({ voided: 1 });
    }

    expect(await publicCounts(survey.id)).toEqual({ yes: organic.yes, no: organic.no, voided: 50 });
    const after = await integrityOf(survey.id);
    expect(after).toMatchObject({ votes: 40, voided: 50, burstHours: 0, sharedNetworkVotes: 0, accountAge: { under1Day: 0 } });
    const db = await getDb();
    const suspended = await db.select({ at: users.suspendedAt }).from(users).where(inArray(users.id, brigade.map((b) => b.id)));
    expect(suspended.every((s) => s.at !== null)).toBe(true);
  });
});
