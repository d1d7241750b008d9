import "server-only";
import { queueSecurityNotice } from "@/lib/accounts/security-notices";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { checkEmailToken, CODE_TRIES, retireAllEmailTokens, retireEmailTokens, tokensSentRecently, useEmailToken, useVerificationCode } from "@/lib/auth/email-tokens";
import { hashResetPassword } from "@/lib/auth/password";
import { getDb, type Tx } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { refuseAt, reserve } from "@/lib/limits/apply";
import { LIMITS } from "@/lib/limits/table";
import { queueEmailChangeMails, queuePasswordResetMail, queueVerificationMail } from "@/lib/accounts/account-mails";
import { mailConfigured } from "@/lib/mail/transport";
import { revokeApiKeys } from "@/lib/integrations/api-keys";
import { recordAudit } from "@/lib/moderation/audit";
import { checkOwnPassword } from "@/lib/accounts/account";
import { emailTaken, revokeSessions } from "@/lib/accounts/users";
import { SUSPENDED_MESSAGE } from "@/lib/moderation/suspension";
import { type ChangeEmailInput, type ResetPasswordInput } from "@/lib/accounts/email-links-schema";
import { accounts, users } from "@/models";

// What the product's mail makes possible: verified addresses, a forgotten password reset, a change
// of address confirmed from the new inbox. The mails themselves: lib/accounts/account-mails.ts.

/**
 * Whether voting and reporting need a verified address: when the site sends mail (SMTP_URL) and the
 * rule is not switched off (REQUIRE_VERIFIED_EMAIL=false). Without mail nobody could verify.
 */
export function verificationRequired(): boolean {
  return mailConfigured() && getEnv().REQUIRE_VERIFIED_EMAIL;
}

export const needsVerification = (user: { emailVerified: Date | null } | null): boolean =>
  !!user && user.emailVerified === null && verificationRequired();

const liveUser = (id: string) => and(eq(users.id, id), isNull(users.deletedAt));
/** Live and not suspended: the only accounts our mail may act for. */
const activeUser = (id: string) => and(liveUser(id), isNull(users.suspendedAt));

// A suspended account is sent no mail but the notice of its suspension: no link could do anything
// for it (its links are retired and refused), and a mailbox must not be flooded on its behalf.
const suspendedNoMail = () => new ApiError("conflict", `${SUSPENDED_MESSAGE} It is sent no email until the suspension is lifted.`);

/** A new verification mail for a signed-in person: within `verifyMail.account` (three an hour); none once verified. */
export async function resendVerificationMail(userId: string, continueTo?: string | null): Promise<void> {
  if (!mailConfigured()) throw new ApiError("service_unavailable", "This site sends no email: there is nothing to verify.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    // The person's row locked: two clicks at once count as two, not as one each under the limit.
    const [user] = await tx.select().from(users).where(liveUser(userId)).for("update");
    if (!user) throw new ApiError("not_found", "Account not found");
    if (user.suspendedAt) throw suspendedNoMail();
    if (user.emailVerified) throw new ApiError("conflict", "Your email address is already verified.");
    refuseAt("verifyMail.account", await tokensSentRecently(tx, userId, "verify_email", LIMITS["verifyMail.account"].windowMinutes));
    await queueVerificationMail(tx, user, continueTo);
  });
}

export type LinkOutcome = "verified" | "already" | "expired" | "used" | "invalid";

/** What verifying did, and the page the person was on their way to when the mail was sent (if any). */
export type Verification = { outcome: LinkOutcome; email?: string; continueTo?: string | null };

/** Marks the account's address verified if it is still `email` (the address the link or code proved). */
async function markVerified(tx: Tx, userId: string, email: string): Promise<string | undefined> {
  const [user] = await tx
    .update(users)
    .set({ emailVerified: sql`coalesce(${users.emailVerified}, now())` })
    .where(and(liveUser(userId), eq(users.email, email)))
    .returning({ email: users.email });
  return user?.email;
}

/** Opens a verification link: the address it was sent to is verified, if it is still the account's. */
export async function verifyEmailWithToken(token: string): Promise<Verification> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const check = await useEmailToken(tx, token, "verify_email");
    if (!check.ok) {
      if (check.reason === "used" && check.token) {
        const [user] = await tx.select({ verified: users.emailVerified, email: users.email }).from(users).where(liveUser(check.token.userId));
        if (user?.verified && user.email === check.token.email) return { outcome: "already", email: user.email, continueTo: check.token.continueTo };
      }
      return { outcome: check.reason };
    }
    const email = await markVerified(tx, check.token.userId, check.token.email);
    return email ? { outcome: "verified", email, continueTo: check.token.continueTo } : { outcome: "invalid" };
  });
}

/** Why a code verified nothing: a wrong code (with the tries left), or none waiting. */
export type CodeRefusal = { reason: "wrong"; triesLeft: number } | { reason: "none" } | { reason: "already" };

/**
 * The six-digit code of a verification mail, typed by the signed-in person `userId` on the page that
 * waits for it. A wrong try is kept (the transaction commits it) and answered as a refusal.
 */
export async function verifyEmailWithCode(userId: string, code: string): Promise<{ ok: true; email: string; continueTo: string | null } | ({ ok: false } & CodeRefusal)> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(liveUser(userId));
    if (user?.verified) return { ok: false, reason: "already" } as const;
    const check = await useVerificationCode(tx, userId, code);
    if (!check.ok) return check.reason === "wrong" ? ({ ok: false, reason: "wrong", triesLeft: check.triesLeft } as const) : ({ ok: false, reason: "none" } as const);
    const email = await markVerified(tx, userId, check.token.email);
    return email ? { ok: true, email, continueTo: check.token.continueTo } : ({ ok: false, reason: "none" } as const);
  });
}

/** The refusals of a typed code, each with the way forward (the page offers a new mail beside them). */
export function codeRefusalMessage(refusal: CodeRefusal): string {
  if (refusal.reason === "already") return "Your email address is already verified.";
  if (refusal.reason === "none") return "This code no longer works: it was used, it expired, or it was typed wrong too often. Ask for a new email.";
  if (refusal.triesLeft === 0) return `That code is not right, and that was the last of ${CODE_TRIES} tries. Ask for a new email.`;
  return `That code is not right. Check the six digits in the email and try again (${refusal.triesLeft} ${refusal.triesLeft === 1 ? "try" : "tries"} left).`;
}

// --- Forgotten password ---

/** Mails a reset link if the address has an active account; answers the same either way (a suspended one included). */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<void> {
  // Per address typed (whether or not it has an account) and per client: nobody can use the form to
  // flood an inbox, and the answer is the same for every address. The whole site's requests are counted
  // apart from sign-in's (`forgot.site`): a flood of them must not refuse real sign-ins.
  await reserve([["forgot.site"], ["forgot.address", email], ["forgot.client", clientAddress]]);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deletedAt), isNull(users.suspendedAt)));
    if (user) await queuePasswordResetMail(tx, user);
  });
}

export const RESET_LINK_MESSAGES: Record<Exclude<LinkOutcome, "verified" | "already">, string> = {
  invalid: "This reset link is not valid. Ask for a new one.",
  expired: "This reset link has expired (links work for 30 minutes). Ask for a new one.",
  used: "This reset link was already used, or the account's password or address changed since. Ask for a new one if you need to.",
};

const badLink = (reason: keyof typeof RESET_LINK_MESSAGES) =>
  new ApiError("bad_request", RESET_LINK_MESSAGES[reason], [{ path: "token", message: RESET_LINK_MESSAGES[reason] }]);

/**
 * Why a reset link can no longer set a password (not valid, expired, used), or null while it can: the
 * /reset-password page asks before it shows the form, so nobody types a new password twice for a dead
 * link. Changes nothing; the reset itself checks again.
 */
export async function resetLinkRefusal(token: string): Promise<string | null> {
  const check = await checkEmailToken(token, "reset_password");
  return check.ok ? null : RESET_LINK_MESSAGES[check.reason];
}

/**
 * Sets a new password from a reset link: every session, API token and other mailed link of the
 * account ends, and the address is verified (the person just proved they read it).
 *
 * The order keeps a flood of forged links away from the password hash, which sign-in needs too:
 * the client's attempt is reserved first (`reset.client`: 10 in 15 minutes), the token is then
 * checked without a lock, and only a live token is worth a hash, run in the reset lane of the hash
 * queue (lib/auth/password.ts) with no row locked. The transaction then uses the token, checking it
 * again under locks: a change made during the hash (another reset, a suspension) wins.
 */
export async function resetPassword(input: ResetPasswordInput, clientAddress: string): Promise<void> {
  await reserve([["reset.client", clientAddress]]);
  const precheck = await checkEmailToken(input.token, "reset_password");
  if (!precheck.ok) throw badLink(precheck.reason);
  const passwordHash = await hashResetPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const check = await useEmailToken(tx, input.token, "reset_password");
    if (!check.ok) throw badLink(check.reason);
    const { userId } = check.token;
    // The token is bound to the account's current address (useEmailToken), so that address is the one read.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: sql`coalesce(${users.emailVerified}, now())` })
      .where(activeUser(userId))
      .returning({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale });
    if (!user) throw badLink("invalid");
    await retireAllEmailTokens(tx, userId);
    await revokeSessions(userId, tx);
    await revokeApiKeys(userId, "The password was reset", userId, tx);
    await recordAudit(tx, { actorId: userId, action: "password_reset", targetUserId: userId });
    await queueSecurityNotice(tx, user, { what: "password_reset" });
  });
}

// --- Change of address ---

/** Mails a confirmation link to the new address and a notice to the current one; nothing changes yet. */
export async function requestEmailChange(userId: string, input: ChangeEmailInput, clientAddress: string): Promise<void> {
  if (!mailConfigured()) throw new ApiError("service_unavailable", "This site sends no email, so an address cannot be confirmed. Ask an administrator.");
  const checkedHash = await checkOwnPassword(userId, input.password, clientAddress);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(liveUser(userId)).for("update");
    if (!user) throw new ApiError("not_found", "Account not found");
    if (user.suspendedAt) throw suspendedNoMail();
    // The password checked above must still be the account's: a change or reset that committed
    // meanwhile retired every link, and this request, made with the old password, must not mail a new one.
    if (user.passwordHash !== checkedHash) throw new ApiError("conflict", "Your password was changed meanwhile. Please reload the page and try again.");
    if (user.email === input.email) throw new ApiError("bad_request", "This is already your email address.", [{ path: "email", message: "This is already your email address" }]);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw emailTaken();
    refuseAt("emailChange.account", await tokensSentRecently(tx, userId, "change_email", LIMITS["emailChange.account"].windowMinutes));
    // Only the latest request counts.
    await retireEmailTokens(tx, userId, "change_email");
    await queueEmailChangeMails(tx, user, input.email);
  });
}

/**
 * Opens the new address's confirmation link: the account's address becomes it, verified. As a
 * password change does, it ends every session and API token (all of them: the link may be opened in
 * any browser, so there is no "current" one to keep) and every other mailed link, among them reset
 * links sent to the old address; a Google link (made for the old address) goes too.
 */
export async function confirmEmailChange(token: string): Promise<{ outcome: LinkOutcome | "taken"; email?: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const check = await useEmailToken(tx, token, "change_email");
    if (!check.ok) {
      if (check.reason === "used" && check.token) {
        const [user] = await tx.select({ email: users.email }).from(users).where(liveUser(check.token.userId));
        if (user?.email === check.token.email) return { outcome: "already", email: user.email };
      }
      return { outcome: check.reason };
    }
    const { userId, email } = check.token;
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken) return { outcome: "taken" };
    const [user] = await tx.update(users).set({ email, emailVerified: new Date() }).where(liveUser(userId)).returning({ id: users.id });
    if (!user) return { outcome: "invalid" };
    // Links sent to the old address (a reset, a verification) must not act on the new one.
    await retireAllEmailTokens(tx, userId);
    await revokeSessions(userId, tx);
    // A Google link vouched for the old address (whoever holds that Google account now, a former
    // employer's workspace say): it must not sign in to the account that moved away from it either.
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await recordAudit(tx, { actorId: userId, action: "email_change", targetUserId: userId });
    return { outcome: "verified", email };
  });
}

