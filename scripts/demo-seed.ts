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
const DAY = 24 * 60 * 60 * 1000;

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
    const accounts = await tx
      .insert(users)
      // Demo accounts are verified: a newcomer signs in and votes at once.
      .values(demoAccounts.map((a, i) => ({ ...a, passwordHash: passwordHashes[i], emailVerified: new Date() })))
      .returning();
    const byEmail = new Map(accounts.map((a) => [a.email, a]));
    const community = await tx
      .insert(users)
      .values(
        Array.from({ length: COMMUNITY_VOTERS }, (_, i) => ({
          email: `voter${String(i + 1).padStart(2, "0")}@demo.test`,
          name: `Community Voter ${i + 1}`,
          role: "user" as const,
          emailVerified: new Date(),
        })),
      )
      .returning();

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
    const voteRows: (typeof votes.$inferInsert)[] = [];
    // Votes spread between a survey's creation and its close (or now), so "Votes over time" has a shape.
    // A generator of their own, so the votes themselves stay as they were.
    const when = random(7);
    inserted.forEach((survey, s) => {
      const share = 0.15 + rand() * 0.8; // how many of the community vote on this survey
      const yesBias = rand();
      const from = survey.createdAt.getTime();
      const span = Math.max(0, Math.min(now.getTime(), Date.parse(`${survey.deadline}T12:00:00Z`)) - from);
      const castAt = () => new Date(from + when() * span);
      for (const voter of community) {
        if (rand() < share) voteRows.push({ surveyId: survey.id, userId: voter.id, vote: rand() < yesBias ? "yes" : "no", createdAt: castAt(), mailboxHash: mailboxHash(voter.email) });
      }
      if (s % 3 === 0) {
        voteRows.push({ surveyId: survey.id, userId: pro.id, vote: s % 2 ? "no" : "yes", comment: seedComments[s % seedComments.length], createdAt: castAt(), mailboxHash: mailboxHash(pro.email) });
      }
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
      { surveyId: inserted[20].id, userId: community[0].id },
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
