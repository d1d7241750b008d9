// "Download my data": everything the site keeps about the signed-in person, as one JSON document,
// streamed. Long lists (votes, comments, reports, surveys, sessions) are read one keyset page at a
// time, only as the reader asks for more, so a long history never sits in memory at once. Only the
// person's own rows: never another voter of their surveys, never a password hash or a session cookie.
import "server-only";
import { and, asc, eq, isNotNull, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { notFound } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { describeUserAgent } from "@/lib/services/account";
import { accounts, payments, reports, surveys, users, userSessions, votes } from "@/models";

type Cursor = { at: string; id: string } | null;
type Keyed = { cursorAt: string; cursorId: string };

/** Rows after the cursor in (created_at, id) order; the timestamp travels as text to keep microseconds. */
const after = (createdAt: PgColumn, id: PgColumn, cursor: Cursor): SQL | undefined =>
  cursor ? sql`(${createdAt}, ${id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;

async function* keyset<R extends Keyed>(read: (cursor: Cursor) => Promise<R[]>, pageSize: number): AsyncGenerator<Omit<R, keyof Keyed>> {
  let cursor: Cursor = null;
  for (;;) {
    const rows = await read(cursor);
    for (const row of rows) {
      const { cursorAt, cursorId, ...rest } = row;
      void cursorAt;
      void cursorId;
      yield rest;
    }
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1];
    cursor = { at: last.cursorAt, id: last.cursorId };
  }
}

export function exportFileName(now = new Date()): string {
  return `opinex-data-${now.toISOString().slice(0, 10)}.json`;
}

/** The person's account, or 404 (a deleted account has nothing left to export). */
async function accountOf(userId: string) {
  const db = await getDb();
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      role: users.role,
      picture: users.image,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  if (!account) throw notFound("No such account");
  const linked = await db.select({ provider: accounts.provider }).from(accounts).where(eq(accounts.userId, userId));
  return { ...account, signInProviders: linked.map((l) => l.provider) };
}

/** Every list of the export, each a generator of its rows. */
function sections(userId: string, pageSize: number): [string, () => AsyncGenerator<unknown>][] {
  return [
    [
      "votes",
      () =>
        keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              surveyId: votes.surveyId,
              surveyTitle: surveys.title,
              vote: votes.vote,
              comment: votes.comment,
              votedAt: votes.createdAt,
              cursorAt: sql<string>`${votes.createdAt}::text`,
              cursorId: votes.id,
            })
            .from(votes)
            .innerJoin(surveys, eq(surveys.id, votes.surveyId))
            .where(and(eq(votes.userId, userId), after(votes.createdAt, votes.id, cursor)))
            .orderBy(asc(votes.createdAt), asc(votes.id))
            .limit(pageSize);
        }, pageSize),
    ],
    [
      "comments",
      () =>
        keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              surveyId: votes.surveyId,
              surveyTitle: surveys.title,
              comment: votes.comment,
              commentedAt: votes.createdAt,
              cursorAt: sql<string>`${votes.createdAt}::text`,
              cursorId: votes.id,
            })
            .from(votes)
            .innerJoin(surveys, eq(surveys.id, votes.surveyId))
            .where(and(eq(votes.userId, userId), isNotNull(votes.comment), ne(votes.comment, ""), after(votes.createdAt, votes.id, cursor)))
            .orderBy(asc(votes.createdAt), asc(votes.id))
            .limit(pageSize);
        }, pageSize),
    ],
    [
      "reports",
      () =>
        keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              surveyId: reports.surveyId,
              surveyTitle: surveys.title,
              reportedAt: reports.createdAt,
              cursorAt: sql<string>`${reports.createdAt}::text`,
              cursorId: reports.id,
            })
            .from(reports)
            .innerJoin(surveys, eq(surveys.id, reports.surveyId))
            .where(and(eq(reports.userId, userId), after(reports.createdAt, reports.id, cursor)))
            .orderBy(asc(reports.createdAt), asc(reports.id))
            .limit(pageSize);
        }, pageSize),
    ],
    [
      // The surveys themselves and their totals; who voted on them is the voters' data, not the surveyor's.
      "surveys",
      () =>
        keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              id: surveys.id,
              title: surveys.title,
              description: surveys.description,
              category: surveys.category,
              questionTitle: surveys.questionTitle,
              questionDescription: surveys.questionDescription,
              deadline: surveys.deadline,
              status: surveys.status,
              adminFeedback: surveys.feedback,
              yesCount: surveys.yesCount,
              noCount: surveys.noCount,
              createdAt: surveys.createdAt,
              cursorAt: sql<string>`${surveys.createdAt}::text`,
              cursorId: surveys.id,
            })
            .from(surveys)
            .where(and(eq(surveys.surveyorId, userId), after(surveys.createdAt, surveys.id, cursor)))
            .orderBy(asc(surveys.createdAt), asc(surveys.id))
            .limit(pageSize);
        }, pageSize),
    ],
    [
      "payments",
      () =>
        keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              id: payments.id,
              paymentIntentId: payments.paymentIntentId,
              amount: payments.amount,
              currency: payments.currency,
              status: payments.status,
              name: payments.userName,
              email: payments.userEmail,
              receiptUrl: payments.receiptUrl,
              createdAt: payments.createdAt,
              refundedAt: payments.refundedAt,
              cursorAt: sql<string>`${payments.createdAt}::text`,
              cursorId: payments.id,
            })
            .from(payments)
            .where(and(eq(payments.userId, userId), after(payments.createdAt, payments.id, cursor)))
            .orderBy(asc(payments.createdAt), asc(payments.id))
            .limit(pageSize);
        }, pageSize),
    ],
    [
      // Signed-in browsers, ended ones too; never the row id a session cookie carries.
      "sessions",
      async function* () {
        const rows = keyset(async (cursor) => {
          const db = await getDb();
          return db
            .select({
              userAgent: userSessions.userAgent,
              createdAt: userSessions.createdAt,
              lastSeenAt: userSessions.lastSeenAt,
              endedAt: userSessions.revokedAt,
              cursorAt: sql<string>`${userSessions.createdAt}::text`,
              cursorId: userSessions.id,
            })
            .from(userSessions)
            .where(and(eq(userSessions.userId, userId), after(userSessions.createdAt, userSessions.id, cursor)))
            .orderBy(asc(userSessions.createdAt), asc(userSessions.id))
            .limit(pageSize);
        }, pageSize);
        for await (const row of rows) yield { ...describeUserAgent(row.userAgent), ...row };
      },
    ],
  ];
}

/**
 * The export as a UTF-8 JSON stream: `{ exportedAt, account, votes: [...], comments: [...], ... }`.
 * The account is read before the first byte is sent (so a missing account is a 404, not a cut file).
 */
export async function accountExportStream(userId: string, pageSize = 500): Promise<ReadableStream<Uint8Array>> {
  const account = await accountOf(userId);
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<string> {
    yield `{\n"exportedAt": ${JSON.stringify(new Date())},\n"account": ${JSON.stringify(account, null, 2)}`;
    for (const [name, rows] of sections(userId, pageSize)) {
      yield `,\n${JSON.stringify(name)}: [`;
      let first = true;
      for await (const row of rows()) {
        yield `${first ? "\n" : ",\n"}${JSON.stringify(row)}`;
        first = false;
      }
      yield first ? "]" : "\n]";
    }
    yield "\n}\n";
  }
  const source = chunks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A page's rows at a time, not one enqueue per row.
      let text = "";
      while (text.length < 64 * 1024) {
        const next = await source.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += next.value;
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}
