// The signed-in person's own account: name, password, signed-in browsers, deletion. Every function
// acts for the caller only (identity from the session, never from the request body).
import "server-only";
import { queueSecurityNotice } from "@/lib/accounts/security-notices";
import { deletedEmailOf } from "@/lib/accounts/deleted-account";
import { and, count, desc, eq, isNull, or, sql } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { ApiError, notFound } from "@/lib/api/errors";
import { retireAllEmailTokens } from "@/lib/auth/email-tokens";
import type { CurrentUser } from "@/lib/auth/guards";
import { HashQueueFull, hashPassword, verifyPassword } from "@/lib/auth/password";
import { notAFailure, reserveSignIn } from "@/lib/auth/sign-in-policy";
import { getDb, type Tx } from "@/lib/db";
import { hitKey } from "@/lib/limits/apply";
import { revokeApiKeys } from "@/lib/integrations/api-keys";
import { recordAudit } from "@/lib/moderation/audit";
import { avatarIdOf, deleteAvatar } from "@/lib/accounts/avatars";
import { describeUserAgent } from "@/lib/accounts/user-agent";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";
import { endSession, LAST_ADMIN_MESSAGE, revokeOtherSessions, revokeSessions } from "@/lib/accounts/users";
import {
  accounts,
  apiKeys,
  checkoutIntents,
  contactMessages,
  emailTokens,
  idempotencyKeys,
  limitHits,
  mailOutbox,
  passkeys,
  payments,
  recoveryCodes,
  secondFactorTickets,
  sessions,
  totpFactors,
  users,
  userSessions,
  verificationTokens,
  webauthnChallenges,
  webhookEndpoints,
} from "@/models";

// ---- profile

/**
 * Sets the caller's display name, language (the one their mail is written in), or both; answers what
 * /api/me shows.
 */
export async function updateProfile(userId: string, changes: { name?: string; locale?: Locale }) {
  const db = await getDb();
  const [user] = await db
    .update(users)
    .set({ ...(changes.name !== undefined && { name: changes.name }), ...(changes.locale !== undefined && { locale: changes.locale }) })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id, email: users.email, name: users.name, image: users.image, role: users.role });
  if (!user) throw notFound("No such account");
  return user;
}

// ---- the current password, checked as a sign-in is

export const WRONG_PASSWORD = "That is not your current password.";
const wrongPassword = (field: string) => new ApiError("bad_request", WRONG_PASSWORD, [{ path: field, message: WRONG_PASSWORD }]);
export const NO_PASSWORD = "Your account signs in with Google and has no password here.";

/**
 * Checks the caller's password against the sign-in throttle of their account and address: the
 * attempt is reserved first (as `authenticateWithPassword` does), a right password gives it back, a
 * wrong one keeps it as a failure. So the account page cannot be used to guess more passwords than the
 * login form could. Throws 400 (wrong, on `field`), 429 (throttled) or 503 (hash queue full).
 */
async function checkPassword(user: { email: string }, hash: string, password: string, clientAddress: string, field: string) {
  const held = await reserveSignIn(user.email, clientAddress);
  let ok: boolean;
  try {
    ok = await verifyPassword(password, hash);
  } catch (error) {
    // Refused before anything was verified (the hash queue is full): not a failed guess.
    if (error instanceof HashQueueFull) await notAFailure(held);
    throw error;
  }
  if (!ok) throw wrongPassword(field);
  await notAFailure(held);
}

/**
 * Confirms a signed-in person's own password before a sensitive change (a new address), throttled as
 * a sign-in is. A Google-only account has none: 409. Answers the hash checked, so the change can make
 * sure in its transaction that the password was not changed meanwhile.
 */
export async function checkOwnPassword(userId: string, password: string, clientAddress: string, field = "password"): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ email: users.email, hash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound("No such account");
  if (!row.hash) throw new ApiError("conflict", NO_PASSWORD);
  await checkPassword(row, row.hash, password, clientAddress, field);
  return row.hash;
}

async function passwordHashOf(userId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound("No such account");
  return row.hash;
}

/**
 * Changes the caller's password: the current one must be right (throttled like a sign-in), then the
 * new hash is stored, every other session, API token and API key ended (the caller's own browser stays
 * signed in), every mailed link retired (a change of address or reset asked for by someone who knew
 * the old password must not complete afterwards), a `password_change` audit row written and a notice
 * mailed, in one transaction.
 */
export async function changePassword(
  user: Pick<CurrentUser, "id" | "email" | "sessionId">,
  input: { currentPassword: string; newPassword: string },
  clientAddress: string,
): Promise<{ ended: number }> {
  const current = await passwordHashOf(user.id);
  if (!current) throw new ApiError("conflict", NO_PASSWORD);
  await checkPassword(user, current, input.currentPassword, clientAddress, "currentPassword");
  const next = await hashPassword(input.newPassword);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Only over the hash that was checked: a change made meanwhile (another tab, a reset) wins.
    const changed = await tx
      .update(users)
      .set({ passwordHash: next })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, current), isNull(users.deletedAt)))
      .returning({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale });
    if (changed.length === 0) throw new ApiError("conflict", "Your password was changed meanwhile. Please reload the page and try again.");
    const ended = await revokeOtherSessions(user.id, user.sessionId, tx);
    await retireAllEmailTokens(tx, user.id);
    // Keys made by whoever knew the old password must not outlive it.
    await revokeApiKeys(user.id, "The password was changed", user.id, tx);
    await recordAudit(tx, { actorId: user.id, action: "password_change", targetUserId: user.id });
    await queueSecurityNotice(tx, changed[0], { what: "password_changed" });
    return { ended };
  });
}

// ---- signed-in browsers

/** How many sessions the account page lists (the most recently used). */
export const SESSIONS_LISTED = 50;

export type SessionView = { id: string; browser: string; os: string; createdAt: Date; lastSeenAt: Date; current: boolean; signInMethod: string | null };


/** The caller's live sessions (not revoked), most recently used first, at most `SESSIONS_LISTED`, and how many there are. */
export async function listSessions(userId: string, currentSessionId: string | null): Promise<{ sessions: SessionView[]; total: number }> {
  const db = await getDb();
  const live = and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: userSessions.id,
        userAgent: userSessions.userAgent,
        createdAt: userSessions.createdAt,
        lastSeenAt: userSessions.lastSeenAt,
        signInMethod: userSessions.signInMethod,
      })
      .from(userSessions)
      .where(live)
      .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.id))
      .limit(SESSIONS_LISTED),
    db.select({ n: count() }).from(userSessions).where(live),
  ]);
  return {
    sessions: rows.map((r) => ({
      id: r.id,
      ...describeUserAgent(r.userAgent),
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      current: r.id === currentSessionId,
      signInMethod: r.signInMethod,
    })),
    total: counted?.n ?? 0,
  };
}

/** Ends one of the caller's live sessions (404 for any other id). Ending the current one signs this browser out. */
export async function revokeSession(userId: string, sessionId: string): Promise<void> {
  if (!(await endSession(userId, sessionId))) throw notFound("No such session");
}

// ---- deletion

/** A Google-only account proves itself by a sign-in this recent instead of a password. */
export const FRESH_SIGN_IN_MINUTES = 10;
export const STALE_SIGN_IN_MESSAGE = `To delete an account without a password, sign in with Google again and come back within ${FRESH_SIGN_IN_MINUTES} minutes.`;
export const DELETED_ACCOUNT_LABEL = "Deleted account";


/**
 * Deletes the caller's account. A password account must give its password (throttled like a
 * sign-in); a Google-only account must have signed in within the last few minutes (this browser's
 * session row is that recent). The last admin cannot delete themselves (409).
 *
 * In one transaction: every session and API token ends; name, email (replaced by a placeholder),
 * picture, password, Google link, passkeys, mailed tokens, mail, checkout and throttle rows go; payments keep
 * their amounts for accounting with the name and email removed; contact messages sent from the
 * email are deleted; votes and surveys stay (every survey's counts stay exactly as they were), and
 * `deleted_at` is set. One `account_delete` audit row names the account by id only.
 */
export async function deleteAccount(user: Pick<CurrentUser, "id" | "sessionId">, input: { password?: string }, clientAddress: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)));
  if (!row) throw notFound("No such account");
  if (row.hash) {
    if (!input.password) throw new ApiError("bad_request", "Your password is required", [{ path: "password", message: "Your password is required" }]);
    await checkPassword(row, row.hash, input.password, clientAddress, "password");
  } else if (!(await signedInRecently(user.sessionId))) {
    throw new ApiError("forbidden", STALE_SIGN_IN_MESSAGE);
  }
  await db.transaction(async (tx) => {
    // The admin rows are locked in id order, as a role change does, so the last two admins deleting
    // themselves at once cannot both succeed.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.deletedAt)))
      .orderBy(users.id)
      .for("update");
    const [target] = await tx
      .select({ email: users.email, image: users.image, role: users.role })
      .from(users)
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .for("update");
    if (!target) throw notFound("No such account");
    if (can(target.role, "manageUsers") && admins.length <= 1) throw new ApiError("conflict", LAST_ADMIN_CANNOT_LEAVE);
    await eraseAccount(tx, user.id, target);
    await recordAudit(tx, { actorId: user.id, action: "account_delete", targetUserId: user.id });
  });
}

export const LAST_ADMIN_CANNOT_LEAVE = LAST_ADMIN_MESSAGE.replace("cannot be demoted", "cannot delete their account");

/**
 * What the account page shows besides the sessions: whether there is a password to change, whether
 * this browser signed in recently enough to delete a Google-only account, and the account's language.
 */
export async function accountStateOf(user: Pick<CurrentUser, "id" | "sessionId">): Promise<{ hasPassword: boolean; freshSignIn: boolean; locale: Locale }> {
  const [hash, freshSignIn, locale] = await Promise.all([passwordHashOf(user.id), signedInRecently(user.sessionId), savedLocaleOf(user.id)]);
  return { hasPassword: hash !== null, freshSignIn, locale };
}

async function savedLocaleOf(userId: string): Promise<Locale> {
  const db = await getDb();
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

async function signedInRecently(sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const db = await getDb();
  const [row] = await db
    .select({ fresh: sql<boolean>`${userSessions.createdAt} > now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES})` })
    .from(userSessions)
    .where(eq(userSessions.id, sessionId));
  return row?.fresh === true;
}

async function eraseAccount(tx: Tx, userId: string, target: { email: string; image: string | null }) {
  const email = target.email.toLowerCase();
  // An account that registered this placeholder (before `.invalid` was refused) must not make deletion fail.
  const [squatter] = await tx.select({ id: users.id }).from(users).where(and(sql`lower(${users.email}) = ${deletedEmailOf(userId)}`, sql`${users.id} <> ${userId}`));
  const placeholder = deletedEmailOf(userId, squatter ? crypto.randomUUID() : undefined);
  await revokeSessions(userId, tx);
  // No privileges are left on a deleted account (and it never counts as an admin again).
  await tx
    .update(users)
    .set({ name: null, email: placeholder, emailVerified: null, image: null, passwordHash: null, role: "user", deletedAt: sql`now()` })
    .where(eq(users.id, userId));
  const avatar = avatarIdOf(target.image);
  if (avatar) await deleteAvatar(avatar, tx);
  // A new Google sign-in with the same address makes a new account: the link to this one goes.
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(verificationTokens).where(eq(verificationTokens.identifier, email));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  // Passkeys sign in without the email or password: they go with the rest of the sign-in, and so do
  // the authenticator app's secret, the recovery codes and any sign-in waiting for its second factor.
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(secondFactorTickets).where(eq(secondFactorTickets.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
  // API keys act for the account: they go with it (their rate-limit windows with them), and so do the
  // answers kept for its Idempotency-Keys.
  await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  // Nothing more is sent to the account's webhooks: they go, with their deliveries (cascade).
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  // Mail to or about the account, sent or not: its address and text are personal data.
  await tx.delete(mailOutbox).where(or(eq(mailOutbox.userId, userId), sql`lower(${mailOutbox.toAddress}) = ${email}`));
  await tx.delete(checkoutIntents).where(eq(checkoutIntents.userId, userId));
  // Kept for accounting (amount, currency, date, Stripe's ids), without who paid.
  await tx.update(payments).set({ userName: null, userEmail: placeholder }).where(eq(payments.userId, userId));
  // Free text from the person's address cannot be anonymised reliably (it may sign with a name or a
  // phone number): deleted.
  await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
  // The sign-in limit counts failures under the account's email.
  await tx.delete(limitHits).where(eq(limitHits.key, hitKey("signIn.account", email)));
}
