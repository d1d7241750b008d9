import "server-only";
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { isUuid } from "@/lib/auth/guards";
import { getDb, type Db, type Tx } from "@/lib/db";
import { emailTokens, users, type EmailToken, type EmailTokenPurpose } from "@/models";

// The links mailed to people (verify an address, reset a password, confirm a new address). A token
// is `{row id}.{secret}`: 256 random bits of secret, of which only the SHA-256 is stored, compared
// in constant time; each works once and for its own lifetime.

export const TOKEN_LIFETIME_MINUTES: Record<EmailTokenPurpose, number> = {
  verify_email: 24 * 60,
  reset_password: 30,
  change_email: 24 * 60,
};

const SECRET = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** A new single-use token for one person and purpose; the string goes into the mailed link only. */
export async function issueEmailToken(tx: Tx, input: { userId: string; purpose: EmailTokenPurpose; email: string }): Promise<string> {
  return (await insertToken(tx, input)).token;
}

// A verification mail also carries a six-digit code, typed on the page that waits for it (the mail read
// on a phone, the page open on a computer). It dies with its link (used, expired, retired) and after
// CODE_TRIES wrong tries; it only works for the signed-in account it was sent to, so a guesser needs that
// account's session and has a few tries per mail (and a few mails an hour).
export const CODE_TRIES = 5;
export const CODE_PATTERN = /^[0-9]{6}$/;

/** The code's hash, keyed by its row: the same code in two mails gives two hashes. */
const codeHashOf = (rowId: string, code: string) => createHmac("sha256", rowId).update(code).digest("hex");

/**
 * A verification link and its code, for the address `email` of the person; `continueTo` is the page the
 * person was on their way to (a same-site path), where the verified page sends them on.
 */
export async function issueVerification(tx: Tx, input: { userId: string; email: string; continueTo?: string | null }): Promise<{ token: string; code: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const { token } = await insertToken(tx, { ...input, purpose: "verify_email" }, code);
  return { token, code };
}

async function insertToken(
  tx: Tx,
  input: { userId: string; purpose: EmailTokenPurpose; email: string; continueTo?: string | null },
  code?: string,
): Promise<{ token: string }> {
  const secret = randomBytes(32).toString("base64url");
  const id = randomUUID();
  await tx.insert(emailTokens).values({
    id,
    userId: input.userId,
    purpose: input.purpose,
    email: input.email,
    secretHash: hashOf(secret),
    codeHash: code === undefined ? null : codeHashOf(id, code),
    continueTo: input.continueTo ?? null,
    expiresAt: sql`now() + make_interval(mins => ${TOKEN_LIFETIME_MINUTES[input.purpose]})`,
  });
  return { token: `${id}.${secret}` };
}

export type CodeCheck =
  | { ok: true; token: EmailToken }
  /** A wrong code: `triesLeft` more before the codes pending end (0: they have ended). */
  | { ok: false; reason: "wrong"; triesLeft: number }
  /** No code is waiting: none was sent, or each has been used, expired or ended by wrong tries. */
  | { ok: false; reason: "none" };

/**
 * Uses a verification code typed by the signed-in person `userId`, in the caller's transaction: the
 * account's row is locked first (as `useEmailToken` does), then its pending codes for its current
 * address. A match is used like its link; a miss counts one wrong try against every pending code, and
 * is kept when the caller answers the refusal (return, don't throw, inside the transaction).
 */
export async function useVerificationCode(tx: Tx, userId: string, code: string): Promise<CodeCheck> {
  const holder = await holderOf(tx, userId, true);
  if (!holder || holder.deletedAt || holder.suspendedAt || !CODE_PATTERN.test(code)) return { ok: false, reason: "none" };
  const pending = await tx
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, "verify_email"),
        eq(emailTokens.email, holder.email),
        isNull(emailTokens.usedAt),
        isNotNull(emailTokens.codeHash),
        gt(emailTokens.expiresAt, sql`now()`),
        lt(emailTokens.codeAttempts, CODE_TRIES),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .for("update");
  if (pending.length === 0) return { ok: false, reason: "none" };
  // Every pending code is compared, in constant time, so the answer takes as long whichever matched.
  let match: EmailToken | undefined;
  for (const row of pending) {
    const same = timingSafeEqual(Buffer.from(row.codeHash!, "hex"), Buffer.from(codeHashOf(row.id, code), "hex"));
    if (same && !match) match = row;
  }
  if (match) {
    await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, match.id));
    return { ok: true, token: match };
  }
  const ids = pending.map((row) => row.id);
  const tried = await tx
    .update(emailTokens)
    .set({ codeAttempts: sql`${emailTokens.codeAttempts} + 1` })
    .where(inArray(emailTokens.id, ids))
    .returning({ attempts: emailTokens.codeAttempts });
  return { ok: false, reason: "wrong", triesLeft: Math.max(0, CODE_TRIES - Math.min(...tried.map((r) => r.attempts))) };
}

/** A well-formed token string (what a form or query may carry); says nothing of its validity. */
export const TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/;

export type TokenCheck = { ok: true; token: EmailToken } | { ok: false; reason: "invalid" | "expired" | "used"; token?: EmailToken };

/** The account a token belongs to, as far as a token cares. */
type Holder = { email: string; deletedAt: Date | null; suspendedAt: Date | null };

function parse(token: string): { id: string; secret: string } | null {
  const [id, secret] = token.split(".");
  return id && secret && isUuid(id) && SECRET.test(secret) ? { id, secret } : null;
}

/** The row whose secret matches (compared in constant time; an unknown id against a decoy), of this purpose. */
async function matchingRow(q: Db | Tx, { id, secret }: { id: string; secret: string }, purpose: EmailTokenPurpose, lock: boolean) {
  const query = q.select().from(emailTokens).where(eq(emailTokens.id, id));
  const [row] = lock ? await query.for("update") : await query;
  const expected = Buffer.from(row?.secretHash ?? hashOf("decoy"), "hex");
  const given = Buffer.from(hashOf(secret), "hex");
  return row && timingSafeEqual(expected, given) && row.purpose === purpose ? row : undefined;
}

/**
 * Whether a token whose secret matched still counts. A link proves one address for one account as it
 * was when mailed: it does nothing for a deleted or suspended account, and a verification or reset
 * link nothing once the account's address is another (a reset mailed to an old address must not
 * reset the account of the new one). A change-of-address token carries the new address and the row
 * has no room for the old one, so those are retired instead whenever the address or password changes.
 */
function judge(row: EmailToken | undefined, holder: Holder | undefined): TokenCheck {
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt) return { ok: false, reason: "used", token: row };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "expired", token: row };
  if (!holder || holder.deletedAt || holder.suspendedAt) return { ok: false, reason: "invalid" };
  if (row.purpose !== "change_email" && holder.email !== row.email) return { ok: false, reason: "invalid" };
  return { ok: true, token: row };
}

async function holderOf(q: Db | Tx, userId: string, lock: boolean): Promise<Holder | undefined> {
  const query = q.select({ email: users.email, deletedAt: users.deletedAt, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * Checks a token without using it or locking anything: the cheap gate before slow work (a reset's
 * password hash), so a forged, unknown, used or expired token never costs one. Not the guard: the
 * work must still `useEmailToken` in its transaction, which checks again under locks.
 */
export async function checkEmailToken(token: string, purpose: EmailTokenPurpose): Promise<TokenCheck> {
  const parsed = parse(token);
  if (!parsed) return { ok: false, reason: "invalid" };
  const db = await getDb();
  const row = await matchingRow(db, parsed, purpose, false);
  return judge(row, row && (await holderOf(db, row.userId, false)));
}

/**
 * Uses a token of this purpose: marks it used in the caller's transaction and answers its row. The
 * account's row is locked first, then the token's (the order of every other writer: a password or
 * address change updates the account, then retires its tokens), so two clicks cannot both use it and
 * a change made meanwhile is seen. An unknown, forged, other-purpose or no longer bound token is
 * "invalid"; a real one that ran out or was used says so, with its row (to offer a new mail).
 */
export async function useEmailToken(tx: Tx, token: string, purpose: EmailTokenPurpose): Promise<TokenCheck> {
  const parsed = parse(token);
  if (!parsed) return { ok: false, reason: "invalid" };
  const [owner] = await tx.select({ userId: emailTokens.userId }).from(emailTokens).where(eq(emailTokens.id, parsed.id));
  const holder = owner && (await holderOf(tx, owner.userId, true));
  const row = await matchingRow(tx, parsed, purpose, true);
  const check = judge(row, holder);
  if (check.ok) await tx.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, parsed.id));
  return check;
}

/** Tokens of a purpose a person was sent in the last `minutes` (the resend throttle). */
export async function tokensSentRecently(tx: Tx, userId: string, purpose: EmailTokenPurpose, minutes: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gt(emailTokens.createdAt, sql`now() - make_interval(mins => ${minutes})`)));
  return row?.n ?? 0;
}

/** Ends a person's unused tokens of a purpose (a new change-of-address request replaces the last). */
export async function retireEmailTokens(tx: Tx, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), sql`${emailTokens.usedAt} is null`));
}

/**
 * Ends every unused mailed link of a person, whatever its purpose: called in the transaction that
 * changes the password (by the person or a reset), confirms a new address, or suspends the account.
 * A link mailed before such a change was asked for by whoever held the account then (perhaps someone
 * who knew the old password), so none may act after it.
 */
export async function retireAllEmailTokens(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), sql`${emailTokens.usedAt} is null`));
}
