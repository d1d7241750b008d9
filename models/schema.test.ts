import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { payments, reports, surveys, users, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";

// Drizzle wraps driver errors; the Postgres error (with its code) is the cause.
async function pgErrorCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code;
  }
  return undefined;
}

describe("schema constraints", () => {
  it("applies the migrations to an empty database", async () => {
    const db = await getDb();
    const rows = await queryRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const t of ["users", "accounts", "sessions", "surveys", "votes", "reports", "payments", "avatars", "contact_messages"]) {
      expect(tables).toContain(t);
    }
  });

  it("refuses a second vote row for the same person and survey", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    await db.insert(votes).values({ surveyId: survey.id, userId: voter.id, vote: "yes" });
    expect(await pgErrorCode(db.insert(votes).values({ surveyId: survey.id, userId: voter.id, vote: "no" }))).toBe("23505");
    expect(await db.select().from(votes).where(eq(votes.surveyId, survey.id))).toHaveLength(1);
  });

  it("refuses a second report by the same person on the same survey", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor" });
    const reporter = await createUser();
    const survey = await createSurvey(surveyor.id);
    await db.insert(reports).values({ surveyId: survey.id, userId: reporter.id });
    expect(await pgErrorCode(db.insert(reports).values({ surveyId: survey.id, userId: reporter.id }))).toBe("23505");
  });

  it("refuses a second payment with the same PaymentIntent", async () => {
    const db = await getDb();
    const payer = await createUser();
    const row = { paymentIntentId: "pi_same", amount: 1600, currency: "usd", userId: payer.id, userEmail: payer.email };
    await db.insert(payments).values(row);
    expect(await pgErrorCode(db.insert(payments).values(row))).toBe("23505");
  });

  it("refuses an email that differs only in case", async () => {
    await createUser({ email: "case@test.example" });
    expect(await pgErrorCode(createUser({ email: "Case@Test.Example" }))).toBe("23505");
  });

  it("refuses values outside the enums", async () => {
    const db = await getDb();
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser();
    const survey = await createSurvey(surveyor.id);
    expect(await pgErrorCode(db.execute(sql`update users set role = 'superuser' where id = ${voter.id}`))).toBe("22P02");
    expect(await pgErrorCode(db.execute(sql`update surveys set category = 'Sports' where id = ${survey.id}`))).toBe("22P02");
    expect(await pgErrorCode(db.execute(sql`update surveys set status = 'pending' where id = ${survey.id}`))).toBe("22P02");
    expect(
      await pgErrorCode(db.execute(sql`insert into votes (survey_id, user_id, vote) values (${survey.id}, ${voter.id}, 'maybe')`)),
    ).toBe("22P02");
    expect(await pgErrorCode(db.update(surveys).set({ yesCount: -1 }).where(eq(surveys.id, survey.id)))).toBe("23514");
    const [unchanged] = await db.select().from(users).where(eq(users.id, voter.id));
    expect(unchanged.role).toBe("user");
  });
});
