import { eq, sql } from "drizzle-orm";
import { hashPassword } from "@/lib/auth/password";
import type { Db } from "@/lib/db/client";
import { mailboxHash } from "@/lib/votes/mailbox";
import { payments, reports, surveys, users, votes, type Role } from "@/models";
import { seedComments, seedSurveys } from "./demo-seed-data";

export const DEMO_PASSWORD = "demo-password";

export const demoAccounts: { email: string; name: string; role: Role }[] = [
  { email: "admin@demo.test", name: "Ada Admin", role: "admin" },
  { email: "surveyor@demo.test", name: "Sam Surveyor", role: "surveyor" },
  { email: "surveyor2@demo.test", name: "Sasha Surveyor", role: "surveyor" },
  { email: "user@demo.test", name: "Uma User", role: "user" },
  { email: "pro@demo.test", name: "Priya Pro", role: "pro_user" },
];

const COMMUNITY_VOTERS = 40;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The demo accounts' age: older than every seeded survey (at most 61 days) and payment. */
const DEMO_ACCOUNTS_AGE = 120 * DAY;

/**
 * How long before their first vote a community voter signed up: most long before, a few days before,
 * one in eight the same day (the integrity panel's "Under 1 day" is then a few votes, not all of them).
 */
const signedUpBefore = (i: number) => [0.25 * DAY, 3 * DAY, 12 * DAY][i % 8] ?? (30 + ((i * 37) % 300)) * DAY;

// A tiny deterministic generator so every seeded database looks the same.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Fills an empty database with demo data. Idempotent: if the demo admin already exists, nothing changes.
 * Returns whether anything was written.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<boolean> {
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, demoAccounts[0].email));
  if (existing.length > 0) return false;

  const passwordHashes = await Promise.all(demoAccounts.map(() => hashPassword(DEMO_PASSWORD)));

  return db.transaction(async (tx) => {
    // Lock out a concurrent seeder: the unique email index makes the loser fail and roll back.
    // Every account exists before anything it did: its surveys, its votes, its payment.
    const accountsCreated = new Date(now.getTime() - DEMO_ACCOUNTS_AGE);
    const accounts = await tx
      .insert(users)
      // Demo accounts are verified: a newcomer signs in and votes at once.
      .values(demoAccounts.map((a, i) => ({ ...a, passwordHash: passwordHashes[i], createdAt: accountsCreated, emailVerified: new Date(accountsCreated.getTime() + HOUR) })))
      .returning();
    const byEmail = new Map(accounts.map((a) => [a.email, a]));

    const rand = random(42);
    const surveyors = [byEmail.get("surveyor@demo.test")!, byEmail.get("surveyor2@demo.test")!];
    const rows = seedSurveys.flatMap((list, owner) =>
      list.map((s, i) => {
        const index = owner * 100 + i;
        const createdAt = new Date(now.getTime() - (60 - index % 60) * DAY - Math.floor(rand() * DAY));
        // Most surveys are open for weeks; every seventh one has already closed.
        const deadline = i % 7 === 3 ? isoDate(now.getTime() - (5 + i) * DAY) : isoDate(now.getTime() + (20 + i * 3) * DAY);
        const unpublished = owner === 1 && i === 2;
        return {
          ...s,
          surveyorId: surveyors[owner].id,
          createdAt,
          deadline,
          status: unpublished ? ("unpublish" as const) : ("publish" as const),
          // Closed before the demo began: history, not news for the close job to mail about.
          closeNotifiedAt: i % 7 === 3 ? now : null,
          feedback: unpublished
            ? "The question asks about a commercial service. Please make it neutral and add a source for the claim in the description."
            : null,
        };
      }),
    );
    const inserted = await tx.insert(surveys).values(rows).returning();

    const pro = byEmail.get("pro@demo.test")!;
    const communityEmails = Array.from({ length: COMMUNITY_VOTERS }, (_, i) => `voter${String(i + 1).padStart(2, "0")}@demo.test`);
    // Every vote is planned first, so that each community account can be created before its first vote.
    const planned: { surveyId: string; voter: number | "pro"; vote: "yes" | "no"; comment?: string; createdAt: Date }[] = [];
    // Votes spread between a survey's creation and its close (or now), so "Votes over time" has a shape.
    // A generator of their own, so the votes themselves stay as they were.
    const when = random(7);
    inserted.forEach((survey, s) => {
      const share = 0.15 + rand() * 0.8; // how many of the community vote on this survey
      const yesBias = rand();
      const from = survey.createdAt.getTime();
      const span = Math.max(0, Math.min(now.getTime(), Date.parse(`${survey.deadline}T12:00:00Z`)) - from);
      const castAt = () => new Date(from + when() * span);
      for (let voter = 0; voter < COMMUNITY_VOTERS; voter++) {
        if (rand() < share) planned.push({ surveyId: survey.id, voter, vote: rand() < yesBias ? "yes" : "no", createdAt: castAt() });
      }
      if (s % 3 === 0) {
        planned.push({ surveyId: survey.id, voter: "pro", vote: s % 2 ? "no" : "yes", comment: seedComments[s % seedComments.length], createdAt: castAt() });
      }
    });
    const firstVote = (voter: number) => Math.min(now.getTime(), ...planned.filter((v) => v.voter === voter).map((v) => v.createdAt.getTime()));
    const community = await tx
      .insert(users)
      .values(
        communityEmails.map((email, i) => {
          const createdAt = new Date(firstVote(i) - signedUpBefore(i));
          return { email, name: `Community Voter ${i + 1}`, role: "user" as const, createdAt, emailVerified: new Date(createdAt.getTime() + HOUR / 6) };
        }),
      )
      .returning();
    const communityByEmail = new Map(community.map((c) => [c.email, c]));
    const voteRows: (typeof votes.$inferInsert)[] = planned.map(({ voter, ...v }) => {
      const account = voter === "pro" ? pro : communityByEmail.get(communityEmails[voter])!;
      return { ...v, userId: account.id, mailboxHash: mailboxHash(account.email) };
    });
    await tx.insert(votes).values(voteRows);
    // The counters always equal the rows.
    await tx.execute(sql`
      update surveys set
        yes_count = (select count(*) from votes v where v.survey_id = surveys.id and v.vote = 'yes'),
        no_count = (select count(*) from votes v where v.survey_id = surveys.id and v.vote = 'no')`);

    const reporter = byEmail.get("user@demo.test")!;
    await tx.insert(reports).values([
      { surveyId: inserted[3].id, userId: reporter.id },
      { surveyId: inserted[20].id, userId: reporter.id },
      { surveyId: inserted[20].id, userId: communityByEmail.get(communityEmails[0])!.id },
    ]);

    await tx.insert(payments).values({
      paymentIntentId: "pi_demo_seed_pro_account",
      amount: 1600,
      currency: "usd",
      userId: pro.id,
      userName: pro.name,
      userEmail: pro.email,
      createdAt: new Date(now.getTime() - 12 * DAY),
    });
    return true;
  });
}
