import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { reserveAttempt } from "@/lib/auth/attempts";
import { retireEmailTokens, tokensSentRecently, useEmailToken } from "@/lib/auth/email-tokens";
import { hashPassword } from "@/lib/auth/password";
import { siteLimit } from "@/lib/auth/sign-in-policy";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { queueEmailChangeMails, queuePasswordResetMail, queueVerificationMail } from "@/lib/mail/account-mails";
import { mailConfigured } from "@/lib/mail/transport";
import { recordAudit } from "@/lib/services/audit";
import { checkOwnPassword } from "@/lib/services/account";
import { emailTaken, revokeSessions } from "@/lib/services/users";
import { EMAIL_UNVERIFIED_MESSAGE, type ChangeEmailInput, type ResetPasswordInput } from "@/lib/validation/email-links";
import { users } from "@/models";

// What the product's mail makes possible: verified addresses, a forgotten password reset, a change
// of address confirmed from the new inbox. The mails themselves: lib/mail/account-mails.ts.

/** Verification mails a person may be sent per hour (the first one included). */
export const VERIFICATION_MAILS_PER_HOUR = 3;

/**
 * Whether voting and reporting need a verified address: when the site sends mail (SMTP_URL) and the
 * rule is not switched off (REQUIRE_VERIFIED_EMAIL=false). Without mail nobody could verify.
 */
export function verificationRequired(): boolean {
  return mailConfigured() && getEnv().REQUIRE_VERIFIED_EMAIL;
}

/** Refuses (403 `email_unverified`) a person whose address is not verified, when the rule applies. */
export function assertVerified(user: { emailVerified: Date | null }): void {
  if (needsVerification(user)) throw new ApiError("email_unverified", EMAIL_UNVERIFIED_MESSAGE);
}

export const needsVerification = (user: { emailVerified: Date | null } | null): boolean =>
  !!user && user.emailVerified === null && verificationRequired();

const liveUser = (id: string) => and(eq(users.id, id), isNull(users.deletedAt));

/** A new verification mail for a signed-in person: at most three an hour; none once verified. */
export async function resendVerificationMail(userId: string): Promise<void> {
  if (!mailConfigured()) throw new ApiError("service_unavailable", "This site sends no email: there is nothing to verify.");
  const db = await getDb();
  await db.transaction(async (tx) => {
    // The person's row locked: two clicks at once count as two, not as one each under the limit.
    const [user] = await tx.select().from(users).where(liveUser(userId)).for("update");
    if (!user) throw new ApiError("not_found", "Account not found");
    if (user.emailVerified) throw new ApiError("conflict", "Your email address is already verified.");
    if ((await tokensSentRecently(tx, userId, "verify_email", 60)) >= VERIFICATION_MAILS_PER_HOUR) {
      throw new ApiError("too_many_requests", `We already sent ${VERIFICATION_MAILS_PER_HOUR} emails in the last hour. Check your spam folder, or try again later.`);
    }
    await queueVerificationMail(tx, user);
  });
}

export type LinkOutcome = "verified" | "already" | "expired" | "used" | "invalid";

/** Opens a verification link: the address it was sent to is verified, if it is still the account's. */
export async function verifyEmailWithToken(token: string): Promise<{ outcome: LinkOutcome; email?: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const check = await useEmailToken(tx, token, "verify_email");
    if (!check.ok) {
      if (check.reason === "used" && check.token) {
        const [user] = await tx.select({ verified: users.emailVerified, email: users.email }).from(users).where(liveUser(check.token.userId));
        if (user?.verified && user.email === check.token.email) return { outcome: "already", email: user.email };
      }
      return { outcome: check.reason };
    }
    const [user] = await tx
      .update(users)
      .set({ emailVerified: sql`coalesce(${users.emailVerified}, now())` })
      .where(and(liveUser(check.token.userId), eq(users.email, check.token.email)))
      .returning({ email: users.email });
    return user ? { outcome: "verified", email: user.email } : { outcome: "invalid" };
  });
}

// --- Forgotten password ---

const forgotLimits = (email: string, clientAddress: string) => [
  siteLimit(),
  // Per address typed (whether or not it has an account) and per client: nobody can use the form
  // to flood an inbox, and the answer is the same for every address.
  { key: `forgot:email:${email}`, max: 3, windowMinutes: 60, refuse: tooManyResets },
  { key: `forgot:client:${clientAddress}`, max: 10, windowMinutes: 60, refuse: tooManyResets },
];
const tooManyResets = () => new ApiError("too_many_requests", "Too many reset requests. Please check your inbox, or try again in an hour.");

/** Mails a reset link if the address has an account; answers the same either way. */
export async function requestPasswordReset(email: string, clientAddress: string): Promise<void> {
  await reserveAttempt(forgotLimits(email, clientAddress));
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(eq(users.email, email), isNull(users.deletedAt)));
    if (user) await queuePasswordResetMail(tx, user);
  });
}

export const RESET_LINK_MESSAGES: Record<Exclude<LinkOutcome, "verified" | "already">, string> = {
  invalid: "This reset link is not valid. Ask for a new one.",
  expired: "This reset link has expired (links work for 30 minutes). Ask for a new one.",
  used: "This reset link was already used. Ask for a new one if you need to.",
};

/**
 * Sets a new password from a reset link: every session and API token of the account ends, other
 * reset links stop working, and the address is verified (the person just proved they read it).
 */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  // The slow hash before the transaction, so no row is locked while it runs.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const check = await useEmailToken(tx, input.token, "reset_password");
    if (!check.ok) throw new ApiError("bad_request", RESET_LINK_MESSAGES[check.reason], [{ path: "token", message: RESET_LINK_MESSAGES[check.reason] }]);
    const { userId, email } = check.token;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: sql`case when ${users.email} = ${email} then coalesce(${users.emailVerified}, now()) else ${users.emailVerified} end` })
      .where(liveUser(userId))
      .returning({ id: users.id });
    if (!user) throw new ApiError("bad_request", RESET_LINK_MESSAGES.invalid, [{ path: "token", message: RESET_LINK_MESSAGES.invalid }]);
    await retireEmailTokens(tx, userId, "reset_password");
    await revokeSessions(userId, tx);
    await recordAudit(tx, { actorId: userId, action: "password_reset", targetUserId: userId });
  });
}

// --- Change of address ---

/** Mails a confirmation link to the new address and a notice to the current one; nothing changes yet. */
export async function requestEmailChange(userId: string, input: ChangeEmailInput, clientAddress: string): Promise<void> {
  if (!mailConfigured()) throw new ApiError("service_unavailable", "This site sends no email, so an address cannot be confirmed. Ask an administrator.");
  await checkOwnPassword(userId, input.password, clientAddress);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(liveUser(userId)).for("update");
    if (!user) throw new ApiError("not_found", "Account not found");
    if (user.email === input.email) throw new ApiError("bad_request", "This is already your email address.", [{ path: "email", message: "This is already your email address" }]);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (taken) throw emailTaken();
    if ((await tokensSentRecently(tx, userId, "change_email", 60)) >= VERIFICATION_MAILS_PER_HOUR) {
      throw new ApiError("too_many_requests", `We already sent ${VERIFICATION_MAILS_PER_HOUR} confirmation emails in the last hour. Try again later.`);
    }
    // Only the latest request counts.
    await retireEmailTokens(tx, userId, "change_email");
    await queueEmailChangeMails(tx, user, input.email);
  });
}

/** Opens the new address's confirmation link: the account's address becomes it, verified. */
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
    // A verification link sent to the old address must not verify the new one.
    await retireEmailTokens(tx, userId, "verify_email");
    await recordAudit(tx, { actorId: userId, action: "email_change", targetUserId: userId });
    return { outcome: "verified", email };
  });
}

