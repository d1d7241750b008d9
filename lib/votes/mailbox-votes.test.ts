// One vote per mailbox: a survey refuses a second vote from the same inbox, whichever account casts it
// (a new account after deleting the first, a `+tag` of the address, Gmail's dots, an address changed to
// one that voted), under concurrency too; counts stay exact and a deleted account's vote anonymous.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/register/route";
import { DELETE as deleteMe } from "@/app/api/me/route";
import { PUT as vote } from "@/app/api/vote/[id]/route";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { mailboxHash } from "@/lib/votes/mailbox";
import { castVote, MAILBOX_ALREADY_VOTED } from "@/lib/votes/votes";
import { surveys, users, votes } from "@/models";
import { withAltcha } from "@/tests/altcha-call";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { signInWithPassword } from "@/tests/session-cookie";

const PASSWORD = "a-good-password";
let client = 0;

/** Registers through the form's route, as a person does (no mail here: nothing to verify). */
async function registerAs(email: string): Promise<string> {
  const form = imageForm({ name: "Mia Mailbox", email, password: PASSWORD }, { bytes: await pngBytes() });
  const res = await call(register, await withAltcha({ method: "POST", rawBody: form, headers: { "x-forwarded-for": `10.91.0.${++client}` } }));
  expect(res.status).toBe(201);
  return String(res.json.insertedId);
}

const voteAs = (id: string, surveyId: string, choice: "yes" | "no") => call(vote, { method: "PUT", as: { id }, params: { id: surveyId }, body: { vote: choice } });

async function countsOf(surveyId: string) {
  const db = await getDb();
  const [row] = await db.select({ yes: surveys.yesCount, no: surveys.noCount }).from(surveys).where(eq(surveys.id, surveyId));
  const [rows] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from votes where survey_id = ${surveyId} and voided_at is null`);
  return { ...row, rows: rows.n };
}

describe("one vote per mailbox", () => {
  it("deleting the account and registering the same address again (or a +tag of it) gives no second vote", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const email = `mia-${Date.now()}@example.org`;

    const first = await registerAs(email);
    expect((await voteAs(first, survey.id, "yes")).status).toBe(200);
    const cookie = (await signInWithPassword(email, PASSWORD, { address: "10.91.1.1" }))!;
    const gone = await call(deleteMe, { method: "DELETE", headers: { cookie }, body: { password: PASSWORD } });
    expect(gone.status).toBe(200);

    // The vote still counts, anonymously: its row keeps only the keyed hash of the mailbox.
    const db = await getDb();
    const [kept] = await db.select({ hash: votes.mailboxHash, email: users.email }).from(votes).innerJoin(users, eq(users.id, votes.userId)).where(eq(votes.surveyId, survey.id));
    expect(kept.email).not.toBe(email);
    expect(kept.hash).toBe(mailboxHash(email));
    expect(kept.hash).not.toContain("mia");
    expect(await countsOf(survey.id)).toEqual({ yes: 1, no: 0, rows: 1 });

    const again = await registerAs(email);
    const refused = await voteAs(again, survey.id, "no");
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(MAILBOX_ALREADY_VOTED);

    const tagged = await registerAs(email.replace("@", "+again@"));
    const alsoRefused = await voteAs(tagged, survey.id, "no");
    expect(alsoRefused.status).toBe(409);
    expect(alsoRefused.json.error?.message).toBe(MAILBOX_ALREADY_VOTED);
    expect(await countsOf(survey.id)).toEqual({ yes: 1, no: 0, rows: 1 });

    // Another survey is another question: the same mailbox votes there once.
    const other = await createSurvey(surveyor.id);
    expect((await voteAs(again, other.id, "no")).status).toBe(200);
    expect((await voteAs(tagged, other.id, "no")).status).toBe(409);
  });

  it("Gmail's dots and googlemail.com are one mailbox; a different address is not", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const tag = Date.now().toString(36);
    const jane = await createUser({ email: `jane.doe.${tag}@gmail.com` });
    const dotless = await createUser({ email: `janedoe${tag}+polls@googlemail.com` });
    const neighbour = await createUser({ email: `jane.doe.${tag}@example.org` });
    expect((await voteAs(jane.id, survey.id, "yes")).status).toBe(200);
    const refused = await voteAs(dotless.id, survey.id, "no");
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(MAILBOX_ALREADY_VOTED);
    expect((await voteAs(neighbour.id, survey.id, "no")).status).toBe(200);
    expect(await countsOf(survey.id)).toEqual({ yes: 1, no: 1, rows: 2 });
  });

  it("an address changed to one whose mailbox voted votes no more on that survey", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const tag = Date.now().toString(36);
    const before = await createUser({ email: `first-${tag}@example.org` });
    expect((await voteAs(before.id, survey.id, "yes")).status).toBe(200);
    // The first account moves to another address (confirmed change), and a second account takes the
    // freed one (its confirmed change writes exactly this).
    const db = await getDb();
    await db.update(users).set({ email: `moved-${tag}@example.org` }).where(eq(users.id, before.id));
    const taker = await createUser({ email: `taker-${tag}@example.org` });
    await db.update(users).set({ email: `first-${tag}+new@example.org` }).where(eq(users.id, taker.id));
    const refused = await voteAs(taker.id, survey.id, "no");
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe(MAILBOX_ALREADY_VOTED);
    // The first account still has its one vote per account.
    expect((await voteAs(before.id, survey.id, "no")).json.error?.message).toBe("You have already voted on this survey");
    expect(await countsOf(survey.id)).toEqual({ yes: 1, no: 0, rows: 1 });
  });

  it("ten accounts of one mailbox voting at once: exactly one vote is counted, the others 409", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const tag = Date.now().toString(36);
    const people = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser({ email: `crowd-${tag}+${i}@example.org` })));
    const answers = await Promise.all(people.map((p, i) => voteAs(p.id, survey.id, i % 2 ? "no" : "yes")));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.json.error?.message).toBe(MAILBOX_ALREADY_VOTED);
    const counts = await countsOf(survey.id);
    expect(counts.rows).toBe(1);
    expect(counts.yes + counts.no).toBe(1);
  });

  it("a vote is cast with the account's current address only: a stale one writes nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const voter = await createUser();
    await expect(castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes", email: `not-${voter.email}` })).rejects.toMatchObject({ status: 409 });
    const db = await getDb();
    expect(await db.select().from(votes).where(and(eq(votes.surveyId, survey.id), eq(votes.userId, voter.id)))).toEqual([]);
    // Without an address the service reads the account's own.
    await castVote({ surveyId: survey.id, userId: voter.id, role: "user", vote: "yes" });
    const [row] = await db.select({ hash: votes.mailboxHash }).from(votes).where(eq(votes.surveyId, survey.id));
    expect(row.hash).toBe(mailboxHash(voter.email));
    expect(await countsOf(survey.id)).toEqual({ yes: 1, no: 0, rows: 1 });
  });
});
