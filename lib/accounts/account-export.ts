// "Download my data": everything the site keeps about the signed-in person, as one JSON document,
// streamed. Long lists (votes, comments, reports, surveys, sessions, API keys, webhooks) are read one keyset page at a
// time, only as the reader asks for more, so a long history never sits in memory at once. Only the
// person's own rows: never another voter of their surveys, never a password hash or a session cookie,
// never an authenticator app's secret or a recovery code (their count only).
import "server-only";
import { and, asc, count, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import { notFound } from "@/lib/api/errors";
import { getDb, type Db } from "@/lib/db";
import { listOwnPayments } from "@/lib/payments/billing";
import { describeUserAgent } from "@/lib/accounts/user-agent";
import { surveyFieldColumns } from "@/lib/surveys/queries";
import { accounts, apiKeys, passkeys, recoveryCodes, reports, surveys, totpFactors, users, userSessions, votes, webhookEndpoints } from "@/models";

const PAYMENTS_MAX = 1000;

type Cursor = { at: string; id: string } | null;
type Keyed = { cursorAt: string; cursorId: string };
type Ordered = { createdAt: PgColumn; id: PgColumn };

/** The keyset columns of a table ordered by (created_at, id); the timestamp as text keeps microseconds. */
const keyOf = (t: Ordered) => ({ cursorAt: sql<string>`${t.createdAt}::text`, cursorId: sql<string>`${t.id}` });

/**
 * Reads `query` (a select of the person's rows with `keyOf(t)` among its fields) one page at a time in
 * (created_at, id) order, each page after the last row of the one before; yields the rows without the keys.
 */
async function* pages<Q extends PgSelect>(query: () => Q, own: SQL, t: Ordered, pageSize: number): AsyncGenerator<Omit<Awaited<Q>[number], keyof Keyed>> {
  let cursor: Cursor = null;
  for (;;) {
    const after = cursor ? sql`(${t.createdAt}, ${t.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined;
    const rows = (await query().where(and(own, after)).orderBy(asc(t.createdAt), asc(t.id)).limit(pageSize)) as (Awaited<Q>[number] & Keyed)[];
    for (const { cursorAt, cursorId, ...row } of rows) {
      void cursorAt;
      void cursorId;
      yield row;
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
async function accountOf(db: Db, userId: string) {
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
  return { ...account, signInProviders: linked.map((l) => l.provider), secondFactor: await secondFactorOf(db, userId) };
}

/** The second factors besides passkeys (listed apart): whether an app is set up and since when, and how many codes are left. */
async function secondFactorOf(db: Db, userId: string) {
  const [app] = await db
    .select({ enabledSince: totpFactors.confirmedAt })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [codes] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return { authenticatorApp: app ? { enabledSince: app.enabledSince } : null, recoveryCodesLeft: codes?.n ?? 0 };
}

/** Every list of the export, each a generator of its rows. */
function sections(db: Db, userId: string, pageSize: number): [string, () => AsyncGenerator<unknown>][] {
  const votesOf = (commentsOnly: boolean) =>
    pages(
      () =>
        db
          .select({ surveyId: votes.surveyId, surveyTitle: surveys.title, vote: votes.vote, comment: votes.comment, votedAt: votes.createdAt, ...keyOf(votes) })
          .from(votes)
          .innerJoin(surveys, eq(surveys.id, votes.surveyId))
          .$dynamic(),
      and(eq(votes.userId, userId), commentsOnly ? and(isNotNull(votes.comment), ne(votes.comment, "")) : undefined)!,
      votes,
      pageSize,
    );
  return [
    ["votes", () => votesOf(false)],
    [
      "comments",
      async function* () {
        for await (const v of votesOf(true)) yield { surveyId: v.surveyId, surveyTitle: v.surveyTitle, comment: v.comment, commentedAt: v.votedAt };
      },
    ],
    [
      "reports",
      () =>
        pages(
          () =>
            db
              .select({ surveyId: reports.surveyId, surveyTitle: surveys.title, reportedAt: reports.createdAt, ...keyOf(reports) })
              .from(reports)
              .innerJoin(surveys, eq(surveys.id, reports.surveyId))
              .$dynamic(),
          eq(reports.userId, userId),
          reports,
          pageSize,
        ),
    ],
    [
      // The surveys themselves and their totals; who voted on them is the voters' data, not the surveyor's.
      "surveys",
      () =>
        pages(
          () =>
            db
              .select({
                id: surveys.id,
                ...surveyFieldColumns,
                status: surveys.status,
                adminFeedback: surveys.feedback,
                yesCount: surveys.yesCount,
                noCount: surveys.noCount,
                createdAt: surveys.createdAt,
                ...keyOf(surveys),
              })
              .from(surveys)
              .$dynamic(),
          eq(surveys.surveyorId, userId),
          surveys,
          pageSize,
        ),
    ],
    [
      // A handful at most (the plan is bought once): the billing page's own list.
      "payments",
      async function* () {
        yield* await listOwnPayments(userId, PAYMENTS_MAX);
      },
    ],
    [
      // Signed-in browsers, ended ones too; never the row id a session cookie carries.
      "sessions",
      async function* () {
        const rows = pages(
          () =>
            db
              .select({
                userAgent: userSessions.userAgent,
                signInMethod: userSessions.signInMethod,
                createdAt: userSessions.createdAt,
                lastSeenAt: userSessions.lastSeenAt,
                endedAt: userSessions.revokedAt,
                ...keyOf(userSessions),
              })
              .from(userSessions)
              .$dynamic(),
          eq(userSessions.userId, userId),
          userSessions,
          pageSize,
        );
        for await (const row of rows) yield { ...describeUserAgent(row.userAgent), ...row };
      },
    ],
    [
      // Ten at most (lib/accounts/passkey-schema.ts); the public key is the site's to check signatures, not data about the person.
      "passkeys",
      async function* () {
        yield* await db
          .select({
            name: passkeys.name,
            credentialId: passkeys.credentialId,
            createdAt: passkeys.createdAt,
            lastUsedAt: passkeys.lastUsedAt,
            deviceType: passkeys.deviceType,
            backedUp: passkeys.backedUp,
          })
          .from(passkeys)
          .where(eq(passkeys.userId, userId))
          .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      },
    ],
    [
      // API keys, revoked ones too (kept for the list's history); never the key or its hash.
      "apiKeys",
      () =>
        pages(
          () =>
            db
              .select({
                name: apiKeys.name,
                prefix: apiKeys.prefix,
                scopes: apiKeys.scopes,
                createdAt: apiKeys.createdAt,
                lastUsedAt: apiKeys.lastUsedAt,
                revokedAt: apiKeys.revokedAt,
                ...keyOf(apiKeys),
              })
              .from(apiKeys)
              .$dynamic(),
          eq(apiKeys.userId, userId),
          apiKeys,
          pageSize,
        ),
    ],
    [
      // Webhooks: where the person's tools hear of their surveys; never the signing secret.
      "webhooks",
      () =>
        pages(
          () =>
            db
              .select({
                url: webhookEndpoints.url,
                events: webhookEndpoints.events,
                createdAt: webhookEndpoints.createdAt,
                disabledAt: webhookEndpoints.disabledAt,
                ...keyOf(webhookEndpoints),
              })
              .from(webhookEndpoints)
              .$dynamic(),
          eq(webhookEndpoints.userId, userId),
          webhookEndpoints,
          pageSize,
        ),
    ],
  ];
}

/**
 * The export as a UTF-8 JSON stream: `{ exportedAt, account, votes: [...], comments: [...], ... }`.
 * The account is read before the first byte is sent (so a missing account is a 404, not a cut file).
 */
export async function accountExportStream(userId: string, pageSize = 500): Promise<ReadableStream<Uint8Array>> {
  const db = await getDb();
  const account = await accountOf(db, userId);
  const encoder = new TextEncoder();
  async function* chunks(): AsyncGenerator<string> {
    yield `{\n"exportedAt": ${JSON.stringify(new Date())},\n"account": ${JSON.stringify(account, null, 2)}`;
    for (const [name, rows] of sections(db, userId, pageSize)) {
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
