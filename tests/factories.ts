// Small builders for integration tests: real rows in the test database.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { surveys, users, type Category, type ResultsVisibility, type Role } from "@/models";

const unique = () => randomBytes(4).toString("hex");
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A person; verified unless `emailVerified: null` is asked for (most tests are not about verification). */
export async function createUser(
  overrides: { role?: Role; email?: string; name?: string; passwordHash?: string; emailVerified?: Date | null } = {},
) {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `u-${unique()}@test.example`,
      name: overrides.name ?? "Test Person",
      role: overrides.role ?? "user",
      passwordHash: overrides.passwordHash,
      emailVerified: overrides.emailVerified === undefined ? new Date() : overrides.emailVerified,
    })
    .returning();
  return user;
}

export async function createSurvey(
  surveyorId: string,
  overrides: Partial<{
    title: string;
    category: Category;
    status: "publish" | "unpublish";
    deadlineInDays: number;
    createdAt: Date;
    yesCount: number;
    noCount: number;
    resultsVisibility: ResultsVisibility;
  }> = {},
) {
  const db = await getDb();
  const [survey] = await db
    .insert(surveys)
    .values({
      title: overrides.title ?? `Survey ${unique()}`,
      description: "A survey made by a test, with a description long enough to be cut on cards for sure.",
      category: overrides.category ?? "Technology",
      deadline: isoDay(overrides.deadlineInDays ?? 30),
      questionTitle: "Question",
      questionDescription: "Do you agree?",
      status: overrides.status ?? "publish",
      surveyorId,
      createdAt: overrides.createdAt,
      yesCount: overrides.yesCount ?? 0,
      noCount: overrides.noCount ?? 0,
      resultsVisibility: overrides.resultsVisibility,
    })
    .returning();
  return survey;
}

/** The account's row as the database holds it now. */
export async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The people of a surveyor's-surveys test: the surveyor (`owner`), another surveyor, and an admin. */
export async function surveyorsAndAdmin() {
  return { owner: await createUser({ role: "surveyor" }), other: await createUser({ role: "surveyor" }), admin: await createUser({ role: "admin" }) };
}
