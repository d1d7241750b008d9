// The integrity panel's figures against the real database, and the brigading simulation: organic
// votes over hours, then 50 accounts from one network voting within a minute; the panel flags both,
// an admin suspends and voids them, and the public counts return exactly to the organic figures. The
// figures the database keeps are checked against a recount from the raw rows after every kind of change.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as deleteMeRoute } from "@/app/api/me/route";
import { POST as suspendRoute } from "@/app/api/users/[id]/suspension/route";
import { POST as voidRoute } from "@/app/api/users/[id]/votes/void/route";
import { GET as surveyRoute } from "@/app/api/survey/[id]/route";
import { PUT as voteRoute } from "@/app/api/vote/[id]/route";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { networkHash } from "@/lib/integrity/network-hash";
import { integrityOf, SHARED_NETWORK_MIN_SIGNUPS } from "@/lib/integrity/integrity";
import { INTEGRITY_RECOUNT_SQL, INTEGRITY_SQL } from "@/lib/integrity/integrity-query.mjs";
import { liftSuspension, restoreVotes, suspendUser, voidVotes } from "@/lib/moderation/suspension";
import { surveyIntegrity, surveySignupNetworks, surveys, users, votes } from "@/models";
import { PASSWORD } from "@/tests/account-data";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { signInWithPassword } from "@/tests/session-cookie";

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
    expect(rows).toHaveLength(6);
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
    expect(suspended).toHaveLength(brigade.length);
    expect(suspended.every((s) => s.at !== null)).toBe(true);
  });
});

/** One of the two statements' row for `surveyId` (`$1` bound as the panel binds it). */
async function panelRow(statement: string, surveyId: string, timeZone = "UTC") {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local time zone '${timeZone}'`));
    const [row] = await queryRows<Record<string, unknown>>(tx as never, sql.join(statement.split("$1").map((part) => sql.raw(part)), sql`${surveyId}`));
    return row;
  });
}

/** The kept figures equal the recount from the raw rows, in UTC and in a zone half an hour off. */
async function expectKeptEqualsRecount(surveyId: string) {
  for (const zone of ["UTC", "Asia/Kolkata"]) {
    const [kept, recount] = [await panelRow(INTEGRITY_SQL, surveyId, zone), await panelRow(INTEGRITY_RECOUNT_SQL, surveyId, zone)];
    expect(kept, zone).toEqual(recount);
  }
  return panelRow(INTEGRITY_SQL, surveyId);
}

describe("the figures kept by the database", () => {
  it("stay equal to a recount from the raw rows through votes, moves, voids, restores, verification and deletions", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin" });
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const other = await createSurvey(owner.id);
    const passwordHash = await hashPassword(PASSWORD);
    const start = Math.floor((Date.now() - 20 * HOUR) / HOUR) * HOUR;

    // 36 voters: ages from an hour to 90 days, every third unverified, six from one network, five
    // from another (both shared), four from a third (not), the rest from their own or none.
    const people: { id: string; email: string; name: string | null }[] = [];
    for (let i = 0; i < 36; i++) {
      const network = i < 6 ? "net-a" : i < 11 ? "net-b" : i < 15 ? "net-c" : i % 4 === 0 ? null : `own-${i}`;
      const person = await createUser({ emailVerified: i % 3 === 0 ? null : new Date(), passwordHash });
      await db
        .update(users)
        .set({ signupNetwork: network, createdAt: new Date(Date.now() - [0.04, 0.9, 2, 6.5, 8, 29, 31, 90][i % 8] * 86_400_000) })
        .where(eq(users.id, person.id));
      people.push(person);
      await db.insert(votes).values({ surveyId: survey.id, userId: person.id, vote: i % 3 === 1 ? "no" : "yes", createdAt: new Date(start + (i % 12) * HOUR + i * 60_000) });
      if (i % 2 === 0) await db.insert(votes).values({ surveyId: other.id, userId: person.id, vote: "yes" });
    }
    // Three votes an hour for 12 hours, then a burst: 20 more in hour 10, from one more network.
    for (let i = 0; i < 20; i++) {
      const person = await createUser({ emailVerified: null });
      await db.update(users).set({ signupNetwork: "net-d" }).where(eq(users.id, person.id));
      await db.insert(votes).values({ surveyId: survey.id, userId: person.id, vote: "yes", createdAt: new Date(start + 10 * HOUR + i * 1000) });
      people.push(person);
    }
    // Inserted directly (at chosen times): the surveys' public counts follow, as the vote route's would.
    await db.execute(sql`update ${surveys} s set yes_count = (select count(*) from ${votes} v where v.survey_id = s.id and v.vote = 'yes'),
      no_count = (select count(*) from ${votes} v where v.survey_id = s.id and v.vote = 'no') where s.id in (${survey.id}, ${other.id})`);
    let row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ votes: 56, activeHours: 12, median: 3, threshold: 15, burstHours: 1, peakVotes: 23, sharedNetworks: 3, sharedVotes: 31 });
    await expectKeptEqualsRecount(other.id);

    // A vote moved in time, a voter verified, a voter's network changed, a voter's account made older.
    await moveVote(survey.id, people[20].id, new Date(start + 10 * HOUR + 30_000));
    await db.update(users).set({ emailVerified: new Date() }).where(eq(users.id, people[0].id));
    await db.update(users).set({ signupNetwork: "net-c" }).where(eq(users.id, people[16].id));
    await db.update(users).set({ createdAt: new Date(Date.now() - 400 * 86_400_000) }).where(eq(users.id, people[1].id));
    row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ peakVotes: 24, sharedNetworks: 4, sharedVotes: 36 });

    // Voids (two of net-a, so it stops being shared), then a restore of one of them.
    for (const person of [people[2], people[3], people[40]]) {
      await suspendUser(person.id, "Review", admin.id);
      expect((await voidVotes(person.id, "Review", admin.id)).voided).toBeGreaterThan(0);
    }
    row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ votes: 53, voided: 3, sharedNetworks: 3, sharedVotes: 29 });
    await liftSuspension(people[2].id, admin.id);
    await restoreVotes(people[2].id, admin.id);
    row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ votes: 54, voided: 2, sharedNetworks: 4, sharedVotes: 34 });
    await expectKeptEqualsRecount(other.id);

    // A person deletes their account (the row stays, anonymised and unverified: its votes still count).
    const cookie = (await signInWithPassword(people[4].email, PASSWORD))!;
    expect((await call(deleteMeRoute, { method: "DELETE", headers: { cookie }, body: { password: PASSWORD } })).status).toBe(200);
    row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ votes: 54 });

    // Vote rows deleted (a counted one, a voided one); account rows deleted (their votes go with them).
    await db.delete(votes).where(sql`${votes.surveyId} = ${survey.id} and ${votes.userId} in (${people[5].id}, ${people[40].id})`);
    await db.delete(users).where(inArray(users.id, [people[6].id, people[7].id]));
    row = await expectKeptEqualsRecount(survey.id);
    expect(row).toMatchObject({ votes: 51, sharedNetworks: 2, sharedVotes: 24 });
    await expectKeptEqualsRecount(other.id);

    // A new vote after all that, through the route.
    await vote(survey.id, await voterFrom("198.51.100.9", 3), "no", "198.51.100.9");
    await expectKeptEqualsRecount(survey.id);

    // A survey deleted takes its figures with it; the other survey's stay right.
    await db.delete(surveys).where(eq(surveys.id, other.id));
    expect(await db.select().from(surveyIntegrity).where(eq(surveyIntegrity.surveyId, other.id))).toEqual([]);
    expect(await db.select().from(surveySignupNetworks).where(eq(surveySignupNetworks.surveyId, other.id))).toEqual([]);
    expect(await integrityOf(other.id)).toBeNull();
    await expectKeptEqualsRecount(survey.id);
  });

  it("the shared networks' partial index has the panel's threshold", async () => {
    const db = await getDb();
    const [index] = await queryRows<{ def: string }>(db, sql`select indexdef as def from pg_indexes where indexname = 'survey_signup_networks_shared_idx'`);
    expect(index.def).toContain(`>= ${SHARED_NETWORK_MIN_SIGNUPS})`);
  });
});
