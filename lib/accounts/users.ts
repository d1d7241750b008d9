import "server-only";
import { and, count, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { can } from "@/lib/auth/permissions";
import { ApiError, notFound } from "@/lib/api/errors";
import { HashQueueFull, hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";
import { notAFailure, reserveSignIn } from "@/lib/auth/sign-in-policy";
import { provesSecondFactor, requireSecondFactor, secondFactorGiven } from "@/lib/auth/second-factor-sign-in";
import { getDb, type Tx } from "@/lib/db";
import { release, reserve } from "@/lib/limits/apply";
import { queueVerificationMail } from "@/lib/accounts/account-mails";
import { avatarIdOf, deleteAvatar, processAvatar, storeAvatar } from "@/lib/accounts/avatars";
import { setRole } from "@/lib/accounts/roles";
import { networkHash } from "@/lib/integrity/network-hash";
import { readCount, readCountsByPrefix } from "@/lib/db/row-counts";
import { loginSchema, type RegisterInput } from "@/lib/accounts/auth-schema";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";
import { users, userSessions, type Role } from "@/models";

// Unknown emails and Google-only accounts cost the same hash as a real check: the answer time must
// not tell which emails have a password here.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword("decoy password that matches nothing").catch((error: unknown) => {
  decoy = undefined;
  throw error;
}));

/**
 * Checks an email and password, and the second factor of an account that has one (`code` or `passkey`
 * among the credentials; lib/auth/second-factor-sign-in.ts): answers the account with how it signed in,
 * or null for a wrong password; throws `SecondFactorNeeded` when the password is right and the second
 * factor missing or wrong. The attempt is counted before the password is verified (see
 * lib/limits/apply.ts), so at most `signIn.account` and `signIn.client` guesses (10 in 15 minutes) are
 * ever verified; a right password with a right (or no needed) second factor gives its reservation back,
 * a wrong code keeps it as a wrong password does. Throws 429 when throttled, 503 when too many hashes
 * are already queued. A hash from before argon2id is upgraded on success.
 */
export async function authenticateWithPassword(credentials: unknown, clientAddress: string) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const email = parsed.data.email.toLowerCase();
  const held = await reserveSignIn(email, clientAddress);
  const db = await getDb();
  let ok = false;
  let user: typeof users.$inferSelect | undefined;
  try {
    [user] = await db.select().from(users).where(eq(users.email, email));
    if (user?.passwordHash) ok = await verifyPassword(parsed.data.password, user.passwordHash);
    else await verifyPassword(parsed.data.password, await decoyHash());
  } catch (error) {
    // Refused before anything was verified (the hash queue is full): not a failed guess.
    if (error instanceof HashQueueFull) await notAFailure(held);
    throw error;
  }
  if (!ok || !user) return null;
  const signInMethod = await requireSecondFactor(user.id, "password", secondFactorGiven(credentials), held);
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    // Upgrade an old scrypt hash now that the password is known; a busy queue leaves it for next time.
    const upgraded = await hashPassword(parsed.data.password).catch((error: unknown) => {
      if (error instanceof HashQueueFull) return null;
      throw error;
    });
    if (upgraded) await db.update(users).set({ passwordHash: upgraded }).where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return { ...user, signInMethod };
}

/** The longest user agent kept for a session row (enough for any real browser's). */
export const USER_AGENT_MAX = 512;

/**
 * A new `user_sessions` row for a browser that just signed in: its id goes into the session cookie
 * (`sid`). The user agent is kept only to name the browser in the account page's list, with how it
 * signed in; a sign-in that proved a second factor counts as proving it now (the step-up's clock).
 */
export async function createUserSession(userId: string, userAgent: string | null | undefined, signInMethod: string | null = null): Promise<string> {
  const db = await getDb();
  const agent = userAgent?.replace(/[\u0000-\u001f\u007f-\u009f]/g, "").slice(0, USER_AGENT_MAX) || null;
  const [row] = await db
    .insert(userSessions)
    .values({ userId, userAgent: agent, signInMethod, secondFactorAt: provesSecondFactor(signInMethod) ? new Date() : null })
    .returning({ id: userSessions.id });
  return row.id;
}

/**
 * Ends everything a person is signed in with: every browser's session row is revoked and the session
 * version raised (API tokens and cookies from before sessions per device carry it). Sign-out, a
 * password reset and account deletion use it; `tx` runs it inside the caller's transaction.
 */
export async function revokeSessions(userId: string, tx?: Tx): Promise<void> {
  const run = async (t: Tx) => {
    await t.update(userSessions).set({ revokedAt: sql`now()` }).where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
    await t.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
  };
  if (tx) return run(tx);
  const db = await getDb();
  await db.transaction(run);
}

/** Ends one browser's session (Log Out): its row is revoked, and every API token it asked for with it. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const db = await getDb();
  const ended = await db
    .update(userSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.userId, userId), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  return ended.length > 0;
}

/**
 * Ends every session of a person but one browser's (`keepSessionId`, the caller's own): every other
 * session row is revoked, and the session version raised, so every API token and every cookie from
 * before sessions per device stops working too; the kept cookie is checked by its row, not the version.
 * Answers how many session rows were ended.
 */
export async function revokeOtherSessions(userId: string, keepSessionId: string | null, tx?: Tx): Promise<number> {
  const run = async (t: Tx) => {
    const ended = await t
      .update(userSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt), keepSessionId ? ne(userSessions.id, keepSessionId) : undefined))
      .returning({ id: userSessions.id });
    await t.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(eq(users.id, userId));
    return ended.length;
  };
  if (tx) return run(tx);
  const db = await getDb();
  return db.transaction(run);
}

/** Marks a person's current address verified (a Google sign-in: Google verified it). */
export async function markEmailVerified(userId: string): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ emailVerified: sql`coalesce(${users.emailVerified}, now())` }).where(eq(users.id, userId));
}

/** Whether the account of an email is suspended (false for no account: a first Google sign-in creates one). */
export async function isSuspended(email: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email.trim().toLowerCase()), isNotNull(users.suspendedAt)));
  return !!row;
}

/** The session version to put in a new session cookie or token; null for an unknown, deleted or suspended user. */
export async function sessionVersionOfUser(userId: string): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .select({ v: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return row?.v ?? null;
}

const publicColumns = { id: users.id, email: users.email, role: users.role, name: users.name, image: users.image };

/** A user's public fields by email (never the password hash). */
export async function findUserByEmail(email: string) {
  const db = await getDb();
  const [user] = await db.select(publicColumns).from(users).where(eq(users.email, email.trim().toLowerCase()));
  return user ?? null;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

export const emailTaken = () => new ApiError("conflict", "An account with this email already exists. Please log in instead.");

/**
 * Creates an email-and-password account with its picture in one transaction: either both are stored
 * or neither. New accounts are always `user`.
 *
 * Registrations are limited per client (`signUp.client`, lib/limits/table.ts), so one network cannot
 * mint accounts (each one more vote) by the hundred. The hit is reserved before any slow work (so 15
 * parallel registrations from one address cannot all pass a limit of 10), and an email that already has
 * an account keeps its hit and costs the same work as a registration (the answer must not be a free,
 * fast oracle of which emails have accounts).
 */
export async function registerUser(input: RegisterInput & { continueTo?: string; locale?: Locale }, picture: Uint8Array, clientAddress: string): Promise<{ id: string }> {
  const email = input.email.toLowerCase();
  // The language of the page they registered on: their mail's, beginning with the verification below.
  const locale = input.locale ?? DEFAULT_LOCALE;
  const held = await reserve([["signIn.site"], ["signUp.client", clientAddress]]);
  try {
    // The same work whether or not the email is taken: the unique index decides at the insert. The
    // picture's "person" is the address typed, not the client: people behind one network (an office, a
    // campus) register at the same moment, and the client's registrations are limited above anyway.
    const [processed, passwordHash] = await Promise.all([processAvatar(picture, `register:${email}`), hashPassword(input.password)]);
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const image = await storeAvatar(processed, tx);
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email, passwordHash, image, role: "user", signupNetwork: networkHash(clientAddress), locale })
        .returning({ id: users.id });
      // The confirmation link goes out with the account, or neither exists.
      await queueVerificationMail(tx, { id: user.id, name: input.name, email, locale }, input.continueTo);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    // Nothing was created and nothing was learnt (a bad picture, a full hash queue): give the slot back.
    await release(held, ["signUp.client"]);
    throw error;
  }
}

/** Replaces a person's picture; the previous one (if it was ours) is deleted. Answers the new path. */
export async function changeUserPicture(userId: string, picture: Uint8Array): Promise<string> {
  const processed = await processAvatar(picture, userId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId)).for("update");
    if (!current) throw notFound("No such user");
    const image = await storeAvatar(processed, tx);
    await tx.update(users).set({ image }).where(eq(users.id, userId));
    const previous = avatarIdOf(current.image);
    if (previous) await deleteAvatar(previous, tx);
    return image;
  });
}

/**
 * An admin sets someone's role and one audit row records it, in one transaction. The admin rows are
 * locked first, in id order (so two admins demoting each other at once queue instead of deadlocking):
 * the last admin cannot be demoted, and an actor demoted a moment ago can no longer change roles.
 */
export async function changeUserRole(targetId: string, role: Role, actorId: string): Promise<{ modifiedCount: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "admin"))
      .orderBy(users.id)
      .for("update");
    if (!admins.some((a) => a.id === actorId)) throw new ApiError("forbidden", "Only admins can change roles");
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, targetId), isNull(users.deletedAt)))
      .for("update");
    if (!target) throw notFound("No such user");
    if (target.role === role) return { modifiedCount: 0 };
    if (can(target.role, "manageUsers") && admins.length <= 1) throw lastAdmin();
    const changed = await setRole(tx, { userId: targetId, from: target.role, to: role, actorId });
    return { modifiedCount: changed ? 1 : 0 };
  });
}

export const LAST_ADMIN_MESSAGE =
  "The last admin cannot be demoted: the site would have no one left to manage it. Make someone else an admin first.";
const lastAdmin = () => new ApiError("conflict", LAST_ADMIN_MESSAGE);

// What the admin's list shows of a person: never the password hash (columns are named one by one).
// A suspended account's counted and voided votes (votes_user_idx, votes_user_voided_idx) are read for
// the Void votes / Restore votes controls; others' are not counted (null). The outer row is named in
// full: drizzle writes a one-table query's columns unqualified, which inside the subquery would mean v's.
const listColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  name: users.name,
  emailVerified: users.emailVerified,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
  countedVotes: sql<number | null>`case when ${users.suspendedAt} is not null then (select count(*)::int from votes v where v.user_id = "users"."id" and v.voided_at is null) end`,
  voidedVotes: sql<number | null>`case when ${users.suspendedAt} is not null then (select count(*)::int from votes v where v.user_id = "users"."id" and v.voided_at is not null) end`,
};
export type ListedUser = {
  id: string;
  email: string;
  role: Role;
  name: string | null;
  emailVerified: Date | null;
  suspendedAt: Date | null;
  suspendedReason: string | null;
  countedVotes: number | null;
  voidedVotes: number | null;
};

/** `like` pattern for a prefix, with the caller's own wildcards taken literally. */
const prefixPattern = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A search counts its matches up to this many and no further: "more than 1,000 accounts" is all an
 * admin needs of a one-letter search, and counting its 200,000 matches read every one of them (a
 * sequential scan of the accounts, 130 ms at 200,000). Its pages go as far as the count.
 */
export const USER_SEARCH_COUNT_MAX = 1000;

/**
 * A page of the list (no search) starting this deep or deeper is found through the counts per stretch of
 * the email order (`user_email_buckets`); a shallower one walks the email index from the start, which
 * reads no more than a stretch (about 1,000 accounts).
 */
export const USER_DIRECT_OFFSET_MAX = 1000;

/**
 * The ids of the accounts (deleted ones left out, of one role if given) at `offset` to `offset + limit`
 * in email order, in one statement (one snapshot, so the counts and the rows agree): the stretches'
 * counts added up in order (all roles', or the role's) give the stretch the offset falls in and how far
 * into it; the email index (`users_email_lower_unique`, or `users_role_email_idx` for one role) is walked
 * from that stretch's bound, skipping that many. Past the last account, no stretch: no ids.
 */
const pageIds = (role: Role | undefined, offset: number, limit: number) => {
  const roleOfBucket = role ? sql`where b.role = ${role}` : sql``;
  const roleOfUser = role ? sql`and u.role = ${role}` : sql``;
  return sql`(with stretch as (
      select bound, ${offset}::bigint - (upto - n) as skip
      from (select b.bound, sum(b.n) as n, sum(sum(b.n)) over (order by b.bound) as upto
            from user_email_buckets b ${roleOfBucket} group by b.bound) as c
      where upto > ${offset}::bigint
      order by bound limit 1)
    select u.id from users u
    where u.deleted_at is null ${roleOfUser} and lower(u.email) >= (select bound from stretch)
    order by lower(u.email)
    offset (select skip from stretch) limit ${limit})`;
};

/** The ids `pageIds` finds (its tests compare them with a plain OFFSET's). */
export async function userIdsAt(options: { role?: Role; offset: number; limit: number }): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, pageIds(options.role, options.offset, options.limit))).orderBy(sql`lower(${users.email})`);
  return rows.map((r) => r.id);
}

/**
 * One page of accounts (deleted ones left out), in email order, optionally of one role and/or whose email or name starts
 * with `q` (case-insensitive). Both searches are prefix matches on `lower(...) text_pattern_ops`
 * indexes and the role filter walks the (role, lower(email)) index, so the cost of a page does not
 * grow with the number of accounts (a leading-wildcard search would scan them all).
 *
 * `total`: without a search, the counters the database keeps per role (exact, never a count of rows);
 * with one, the matches counted up to USER_SEARCH_COUNT_MAX + 1, `totalIsAtLeast` saying the count
 * stopped there (more than USER_SEARCH_COUNT_MAX match); a search's pages past that count are empty.
 */
export async function listUsers(options: {
  role?: Role;
  q?: string;
  page?: number;
  limit?: number;
}): Promise<{ rows: ListedUser[]; total: number; totalIsAtLeast: boolean }> {
  const { role, q, page = 1, limit = 20 } = options;
  const db = await getDb();
  const pattern = q ? prefixPattern(q) : undefined;
  const where = and(
    // Deleted accounts hold nothing to manage (no name, email or sign-in): they are not listed.
    isNull(users.deletedAt),
    role ? eq(users.role, role) : undefined,
    pattern ? or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`) : undefined,
  );
  const matches = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(USER_SEARCH_COUNT_MAX + 1)
    .as("matches");
  const total = pattern
    ? db.select({ n: count() }).from(matches).then(([row]) => row?.n ?? 0)
    : role
      ? readCount(`users:${role}`)
      : readCountsByPrefix("users:").then((counts) => counts.reduce((sum, c) => sum + c.n, 0));
  const offset = (page - 1) * limit;
  // A search's pages end where its count stops: beyond, refine the search (each page deeper would
  // step over every match before it).
  const beyondCount = Boolean(pattern) && offset >= USER_SEARCH_COUNT_MAX + 1;
  const byEmail = sql`lower(${users.email})`;
  const [rows, counted] = await Promise.all([
    beyondCount
      ? []
      : pattern || offset < USER_DIRECT_OFFSET_MAX
        ? db.select(listColumns).from(users).where(where).orderBy(byEmail).limit(limit).offset(offset)
        : db.select(listColumns).from(users).where(inArray(users.id, pageIds(role, offset, limit))).orderBy(byEmail),
    total,
  ]);
  return { rows, total: counted, totalIsAtLeast: Boolean(pattern) && counted > USER_SEARCH_COUNT_MAX };
}
