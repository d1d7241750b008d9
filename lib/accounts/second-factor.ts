// A second factor: an authenticator app (TOTP, RFC 6238), single-use recovery codes, and passkeys asked
// again (lib/accounts/passkeys.ts verifies those). The one owner of what counts as a second factor,
// which roles must have one, and how recent a proof must be for the gravest actions; the sign-in
// (lib/auth/) and the account page's routes (/api/me/second-factor/*) ask here.
//
// The app's secret is kept encrypted (the server must read it to check a code) under a key derived
// from AUTH_SECRET; recovery codes only as keyed hashes. Neither is ever logged, nor answered again
// after enrolment. Checking a code does not throttle: its callers count wrong ones (`throttledCheck`,
// or the sign-in's own limits).
import "server-only";
import { createHmac, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { generateSecret, verify } from "otplib";
import { queueSecurityNotice } from "@/lib/accounts/security-notices";
import { ApiError, notFound } from "@/lib/api/errors";
import { verifyPassword } from "@/lib/auth/password";
import { derivedKey, openSealedSecret, sealSecret } from "@/lib/auth/sealed-secret";
import { getDb, type Db, type Tx } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { release, reserve } from "@/lib/limits/apply";
import { recordAudit } from "@/lib/moderation/audit";
import { passkeys, recoveryCodes, secondFactorTickets, totpFactors, users, userSessions, type Role } from "@/models";
import { RECOVERY_CODES_COUNT, TOTP_DIGITS, WRONG_CODE } from "./second-factor-schema";

/** How long a proved second factor counts for the gravest actions (step-up). */
export const RECENT_SECOND_FACTOR_MINUTES = 10;
/** What every authenticator app does: SHA-1, six digits, a new code every 30 seconds. */
export const TOTP_PERIOD_SECONDS = 30;
/** The code of one step before or after the server's clock is still accepted (a phone a little off). */
const DRIFT_STEPS = 1;
const ISSUER = "OPINEX";

const ALREADY_ENROLLED = "An authenticator app is already set up. Remove it first to set up another.";
const NOTHING_PENDING = "There is no authenticator app waiting to be confirmed. Start again.";
const NO_TOTP = "No authenticator app is set up on this account.";
const NO_SECOND_FACTOR = "Set up an authenticator app or a passkey first.";
const WRONG_PASSWORD_OR_CODE = "That password or code did not match.";

const wrongCode = (path = "code") => new ApiError("bad_request", WRONG_CODE, [{ path, message: WRONG_CODE }]);

/** Whether this role must have a second factor before using its powers (lib/env.mjs). */
export function secondFactorRequired(role: Role): boolean {
  if (role === "admin") return getEnv().REQUIRE_ADMIN_SECOND_FACTOR;
  if (role === "surveyor") return getEnv().REQUIRE_SURVEYOR_SECOND_FACTOR;
  return false;
}

// ---- keys: each purpose its own key, derived from AUTH_SECRET (rotating it makes enrolments unreadable)

const SECRET_KEY_INFO = "opinex totp secret v1";
const RECOVERY_KEY_INFO = "opinex recovery code v1";

/**
 * The app's secret as stored: `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM (lib/auth/sealed-secret.ts).
 * The account's id is its associated data, so a secret copied into another account's row does not decrypt.
 */
export const encryptTotpSecret = (secret: string, userId: string): string => sealSecret(secret, SECRET_KEY_INFO, userId);

/** The secret back; null for a value that does not decrypt (another AUTH_SECRET, another account, altered). */
const decryptTotpSecret = (stored: string, userId: string): string | null => openSealedSecret(stored, SECRET_KEY_INFO, userId);

// ---- TOTP

/** The address an authenticator app reads from the QR code. */
export function otpauthUrl(email: string, secret: string): string {
  const label = `${encodeURIComponent(ISSUER)}:${encodeURIComponent(email)}`;
  const query = new URLSearchParams({ secret, issuer: ISSUER, algorithm: "SHA1", digits: String(TOTP_DIGITS), period: String(TOTP_PERIOD_SECONDS) });
  return `otpauth://totp/${label}?${query}`;
}

/**
 * The time step whose code `code` is, within one step of now and after `lastUsedStep`; null when it
 * is none of them. otplib compares the codes in constant time.
 */
async function totpStepOf(secret: string, code: string, lastUsedStep: number | null): Promise<number | null> {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const epoch = Math.floor(Date.now() / 1000);
  const newest = Math.floor(epoch / TOTP_PERIOD_SECONDS) + DRIFT_STEPS;
  // Every step of the window already used (a clock set back): nothing can match.
  if (lastUsedStep !== null && lastUsedStep >= newest) return null;
  const result = await verify({
    secret,
    token: code,
    algorithm: "sha1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch,
    epochTolerance: DRIFT_STEPS * TOTP_PERIOD_SECONDS,
    afterTimeStep: lastUsedStep ?? undefined,
  });
  // (The answer type covers HOTP too, which has no time step.)
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Uses a code of the confirmed app: true once per time step. The step is stored by a conditional
 * update, so two requests with the same code (or an older one) cannot both pass.
 */
async function spendTotpCode(userId: string, code: string): Promise<boolean> {
  const db = await getDb();
  const [factor] = await db
    .select({ secret: totpFactors.secret, lastUsedStep: totpFactors.lastUsedStep })
    .from(totpFactors)
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const secret = factor && decryptTotpSecret(factor.secret, userId);
  if (!factor || !secret) return false;
  const step = await totpStepOf(secret, code, factor.lastUsedStep);
  if (step === null) return false;
  const used = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt), or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step))))
    .returning({ userId: totpFactors.userId });
  return used.length > 0;
}

// ---- recovery codes

// No 0/o, 1/l/i: a code copied from paper reads one way. 31 letters, 10 of them: about 50 bits, far
// beyond guessing at 10 wrong tries in 15 minutes, so a fast keyed hash is enough.
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const RECOVERY_LENGTH = 10;

function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A recovery code as typed (any case, with or without its dash, spaces) as stored: 10 letters, or null. */
export function normalizeRecoveryCode(input: string): string | null {
  const code = input.toLowerCase().replace(/[\s-]+/g, "");
  return code.length === RECOVERY_LENGTH && [...code].every((c) => RECOVERY_ALPHABET.includes(c)) ? code : null;
}

const hashRecoveryCode = (normalized: string) => createHmac("sha256", derivedKey(RECOVERY_KEY_INFO)).update(normalized).digest("base64url");

/** Replaces the account's recovery codes with new ones, in the caller's transaction; answers them as shown. */
async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(normalizeRecoveryCode(code)!) })));
  return codes;
}

async function recoveryCodesLeft(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Uses a recovery code: marked used by a conditional update (two requests with one code: one wins),
 * audited and mailed with how many are left, in one transaction.
 */
async function spendRecoveryCode(userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return false;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(normalized)), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    if (used.length === 0) return false;
    const left = await recoveryCodesLeft(tx, userId);
    await recordAudit(tx, { actorId: userId, action: "recovery_code_use", targetUserId: userId, newValue: String(left) });
    await queueSecurityNotice(tx, await personOf(tx, userId), { what: "recovery_code_used", left });
    return true;
  });
}

// ---- what the account has

/** The person as the notices need them, read in the transaction of the change. */
async function personOf(tx: Tx, userId: string) {
  const [person] = await tx
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!person) throw notFound("No such account");
  return person;
}

/**
 * What counts as a second factor, as SQL for the account whose id is `userId` (a value, or the column
 * of a query over users): a confirmed authenticator app, or at least one passkey. The guards read it
 * with every signed-in request (lib/auth/guards.ts). Written with table aliases: inside a select,
 * Drizzle names columns without their table, and a bare "id" there would be the passkey's.
 */
export const hasSecondFactorSql = (userId: SQL | string) =>
  sql<boolean>`(exists (select 1 from totp_factors t where t.user_id = ${userId} and t.confirmed_at is not null) or exists (select 1 from passkeys p where p.user_id = ${userId}))`;

/** A confirmed authenticator app, or at least one passkey. `db`: a transaction to read in. */
export async function hasSecondFactor(userId: string, db?: Db | Tx): Promise<boolean> {
  const reader = db ?? (await getDb());
  const [row] = await reader.select({ has: hasSecondFactorSql(userId) }).from(users).where(eq(users.id, userId));
  return row?.has === true;
}

/**
 * In the transaction that removed a factor: when none is left, the recovery codes go too (they are
 * the fallback of a factor, and a new one comes with its own). Answers whether a factor is left.
 */
export async function dropRecoveryCodesWithoutFactor(tx: Tx, userId: string): Promise<boolean> {
  if (await hasSecondFactor(userId, tx)) return true;
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return false;
}

export type SecondFactorStatus = {
  enabled: boolean;
  required: boolean;
  totp: boolean;
  /** When the authenticator app was turned on; null without one. */
  totpSince: Date | null;
  passkeys: number;
  recoveryCodesLeft: number;
};

/** What the account page shows: the factors the account has (never a secret), and whether its role needs one. */
export async function secondFactorStatus(user: { id: string; role: Role }): Promise<SecondFactorStatus> {
  const db = await getDb();
  const [[totp], [keys], left] = await Promise.all([
    db.select({ since: totpFactors.confirmedAt }).from(totpFactors).where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)),
    recoveryCodesLeft(db, user.id),
  ]);
  const passkeyCount = keys?.n ?? 0;
  return {
    enabled: totp !== undefined || passkeyCount > 0,
    required: secondFactorRequired(user.role),
    totp: totp !== undefined,
    totpSince: totp?.since ?? null,
    passkeys: passkeyCount,
    recoveryCodesLeft: left,
  };
}

// ---- proving it

/**
 * Checks a code the person typed: six digits as a code of their app, a recovery-code shape as a
 * recovery code (used up, audited and mailed). Answers which it was, or null when wrong. Does not
 * throttle: the caller counts wrong ones.
 */
export async function checkSecondFactorCode(userId: string, code: string): Promise<"totp" | "recovery_code" | null> {
  const digits = code.replace(/\s+/g, "");
  if (/^\d+$/.test(digits)) return (await spendTotpCode(userId, digits)) ? "totp" : null;
  return (await spendRecoveryCode(userId, code)) ? "recovery_code" : null;
}

/**
 * Runs `check` of something the person proves under `secondFactor.account`: the hit is reserved
 * before (429 past the limit) and given back when it is right, or when the check failed before
 * deciding anything (a full hash queue). Wrong (null or false): throws `wrong()`, and the hit counts.
 * Answers what the check found.
 */
export async function throttledCheck<T>(userId: string, check: () => Promise<T | null | false>, wrong: () => ApiError): Promise<T> {
  const held = await reserve([["secondFactor.account", userId]]);
  let found: T | null | false;
  try {
    found = await check();
  } catch (error) {
    await release(held);
    throw error;
  }
  if (found === null || found === false) throw wrong();
  await release(held);
  return found;
}

/** This browser's session proved a second factor now; answers when, or null without a live session row. */
export async function markSecondFactorProved(sessionId: string | null): Promise<Date | null> {
  if (!sessionId) return null;
  const db = await getDb();
  const [row] = await db
    .update(userSessions)
    .set({ secondFactorAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)))
    .returning({ at: userSessions.secondFactorAt });
  return row?.at ?? null;
}

/** The refusal of something that needs a second factor proved in this session within the last minutes. */
export const recentSecondFactorRequired = () =>
  new ApiError(
    "recent_second_factor_required",
    `This needs your second factor from the last ${RECENT_SECOND_FACTOR_MINUTES} minutes: enter a code from your authenticator app or use your passkey, then try again.`,
  );

/** Whether the session proved a second factor within RECENT_SECOND_FACTOR_MINUTES. */
export function hasRecentSecondFactor(user: { secondFactorAt: Date | null }): boolean {
  return user.secondFactorAt !== null && Date.now() - user.secondFactorAt.getTime() < RECENT_SECOND_FACTOR_MINUTES * 60 * 1000;
}

// ---- setting up and removing the app

/**
 * Starts (or starts again) setting up an authenticator app: a new secret each call, kept unconfirmed
 * until a code from it arrives (`confirmTotp`). 409 when one is already set up.
 */
export async function beginTotp(user: { id: string; email: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const secret = generateSecret({ length: 20 });
  const stored = encryptTotpSecret(secret, user.id);
  const db = await getDb();
  // A confirmed row is never overwritten, even by a request racing the confirmation.
  const written = await db
    .insert(totpFactors)
    .values({ userId: user.id, secret: stored })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: stored, lastUsedStep: null, createdAt: sql`now()` }, setWhere: isNull(totpFactors.confirmedAt) })
    .returning({ userId: totpFactors.userId });
  if (written.length === 0) throw new ApiError("conflict", ALREADY_ENROLLED);
  return { secret, otpauthUrl: otpauthUrl(user.email, secret) };
}

/**
 * Confirms the app with its first code: from then it is the account's second factor. In one
 * transaction: confirmed, the code's step used, ten new recovery codes, the audit row and the notice.
 * 409 when nothing is pending; a wrong code 400 (counted under `secondFactor.account`).
 */
export async function confirmTotp(user: { id: string }, code: string): Promise<{ recoveryCodes: string[] }> {
  const db = await getDb();
  const [pending] = await db.select({ secret: totpFactors.secret, confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, user.id));
  if (!pending) throw new ApiError("conflict", NOTHING_PENDING);
  if (pending.confirmedAt) throw new ApiError("conflict", ALREADY_ENROLLED);
  const secret = decryptTotpSecret(pending.secret, user.id);
  if (!secret) throw new ApiError("conflict", NOTHING_PENDING);
  const step = await throttledCheck(user.id, () => totpStepOf(secret, code.replace(/\s+/g, ""), null), () => wrongCode());
  return db.transaction(async (tx) => {
    // Only the secret this code was checked against: a second "begin" meanwhile made another one.
    const confirmed = await tx
      .update(totpFactors)
      .set({ confirmedAt: sql`now()`, lastUsedStep: step })
      .where(and(eq(totpFactors.userId, user.id), isNull(totpFactors.confirmedAt), eq(totpFactors.secret, pending.secret)))
      .returning({ userId: totpFactors.userId });
    if (confirmed.length === 0) throw new ApiError("conflict", NOTHING_PENDING);
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: "second_factor_add", targetUserId: user.id, newValue: "totp" });
    await queueSecurityNotice(tx, await personOf(tx, user.id), { what: "totp_added" });
    return { recoveryCodes: codes };
  });
}

/**
 * Removes the authenticator app: needs the account's password (none for an account without one,
 * signed in with Google) and a code of the app or a recovery code. Wrong: 400, without saying which,
 * counted under `secondFactor.account`. The recovery codes go too when no passkey is left.
 */
export async function disableTotp(user: { id: string }, password: string | undefined, code: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ hash: users.passwordHash, confirmedAt: totpFactors.confirmedAt })
    .from(users)
    .leftJoin(totpFactors, eq(totpFactors.userId, users.id))
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  if (!row) throw notFound("No such account");
  if (!row.confirmedAt) throw new ApiError("conflict", NO_TOTP);
  const hash = row.hash;
  await throttledCheck(
    user.id,
    // The password first: a wrong one does not use up the code.
    async () => (hash === null || (password !== undefined && (await verifyPassword(password, hash)))) && (await checkSecondFactorCode(user.id, code)) !== null,
    () => new ApiError("bad_request", WRONG_PASSWORD_OR_CODE, [{ path: "code", message: WRONG_PASSWORD_OR_CODE }]),
  );
  await db.transaction(async (tx) => {
    const removed = await tx.delete(totpFactors).where(and(eq(totpFactors.userId, user.id), isNotNull(totpFactors.confirmedAt))).returning({ userId: totpFactors.userId });
    if (removed.length === 0) throw new ApiError("conflict", NO_TOTP);
    const factorLeft = await dropRecoveryCodesWithoutFactor(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: "second_factor_remove", targetUserId: user.id, oldValue: "totp" });
    await queueSecurityNotice(tx, await personOf(tx, user.id), { what: "totp_removed", noneLeft: !factorLeft });
  });
}

/**
 * Ten new recovery codes in place of the old ones. Needs a right code of the app or a recovery code,
 * or, without one, a session that proved its second factor within RECENT_SECOND_FACTOR_MINUTES (a
 * passkey-only account, right after its passkey). 409 without a second factor.
 */
export async function regenerateRecoveryCodes(
  user: { id: string },
  code: string | undefined,
  session: { id: string | null; secondFactorAt: Date | null },
): Promise<{ recoveryCodes: string[] }> {
  if (!(await hasSecondFactor(user.id))) throw new ApiError("conflict", NO_SECOND_FACTOR);
  if (code === undefined) {
    if (!session.id || !hasRecentSecondFactor(session)) throw recentSecondFactorRequired();
  } else {
    await throttledCheck(user.id, async () => (await checkSecondFactorCode(user.id, code)) !== null, () => wrongCode());
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, { actorId: user.id, action: "recovery_codes_regenerate", targetUserId: user.id });
    await queueSecurityNotice(tx, await personOf(tx, user.id), { what: "recovery_codes_regenerated" });
    return { recoveryCodes: codes };
  });
}

// ---- housekeeping

/** Deletes sign-in tickets past their few minutes. Run by the `secondFactor.purgeTickets` job. */
export async function purgeExpiredTickets(): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(secondFactorTickets).where(lt(secondFactorTickets.expiresAt, sql`now()`)).returning({ id: secondFactorTickets.id });
  return deleted.length;
}
