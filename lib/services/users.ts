import "server-only";
import { and, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { recordAudit } from "@/lib/services/audit";
import { avatarIdOf, deleteAvatar, processAvatar, storeAvatar } from "@/lib/services/avatars";
import { loginSchema, type RegisterInput } from "@/lib/validation/auth";
import { authFailures, users, type Role } from "@/models";

export const THROTTLE_MAX_FAILURES = 10;
export const THROTTLE_WINDOW_MINUTES = 15;

/** Failed sign-ins in the window, per account and per client address (shared by all app servers). */
export async function isThrottled(keys: string[]): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ key: authFailures.key, n: count() })
    .from(authFailures)
    .where(
      and(
        inArray(authFailures.key, keys),
        gt(authFailures.createdAt, sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`),
      ),
    )
    .groupBy(authFailures.key);
  return rows.some((r) => r.n >= THROTTLE_MAX_FAILURES);
}

export async function recordAuthFailure(keys: string[]) {
  const db = await getDb();
  await db.insert(authFailures).values(keys.map((key) => ({ key })));
}

/** Checks an email and password; throws a 429 ApiError after too many failures. */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword("decoy password that matches nothing"));

export const tooManyAttempts = () =>
  new ApiError("too_many_requests", "Too many attempts. Please wait 15 minutes and try again.");

/** The throttle keys of one sign-in attempt: the account and the client address. */
export function throttleKeys(email: string, clientAddress: string) {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientAddress}`];
}

export async function authenticateWithPassword(credentials: unknown, clientAddress: string) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const email = parsed.data.email.toLowerCase();
  const keys = throttleKeys(email, clientAddress);
  if (await isThrottled(keys)) throw tooManyAttempts();
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  // Unknown emails and Google-only accounts cost the same hash as a real check: the answer time
  // must not tell which emails have a password here.
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(parsed.data.password, user.passwordHash);
  else await verifyPassword(parsed.data.password, await decoyHash());
  if (!ok) {
    await recordAuthFailure(keys);
    return null;
  }
  return user;
}

const publicColumns = { _id: users.id, email: users.email, role: users.role, name: users.name, image: users.image };

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
 */
/**
 * Registrations per client address, counted in the throttle table (same window and limit), so one
 * address cannot mint accounts (each one more vote) by the hundred.
 */
const registrationKey = (clientAddress: string) => `register:${clientAddress}`;

export async function registerUser(input: RegisterInput, picture: Uint8Array, clientAddress: string): Promise<{ id: string }> {
  const email = input.email.toLowerCase();
  if (await isThrottled([registrationKey(clientAddress)])) {
    throw new ApiError("too_many_requests", "Too many accounts were created from your network. Please try again in 15 minutes.");
  }
  if (await findUserByEmail(email)) throw emailTaken();
  const [processed, passwordHash] = await Promise.all([processAvatar(picture), hashPassword(input.password)]);
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const image = await storeAvatar(processed, tx);
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email, passwordHash, image, role: "user" })
        .returning({ id: users.id });
      await tx.insert(authFailures).values({ key: registrationKey(clientAddress) });
      return user;
    });
  } catch (error) {
    // Two registrations of one email at once: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Replaces a person's picture; the previous one (if it was ours) is deleted. Answers the new path. */
export async function changeUserPicture(userId: string, picture: Uint8Array): Promise<string> {
  const processed = await processAvatar(picture);
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
    const [target] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, targetId)).for("update");
    if (!target) throw notFound("No such user");
    if (target.role === role) return { modifiedCount: 0 };
    if (target.role === "admin" && admins.length <= 1) throw lastAdmin();
    const updated = await tx.update(users).set({ role }).where(eq(users.id, targetId)).returning({ id: users.id });
    await recordAudit(tx, { actorId, action: "role_change", targetUserId: targetId, oldValue: target.role, newValue: role });
    return { modifiedCount: updated.length };
  });
}

export const LAST_ADMIN_MESSAGE =
  "The last admin cannot be demoted: the site would have no one left to manage it. Make someone else an admin first.";
const lastAdmin = () => new ApiError("conflict", LAST_ADMIN_MESSAGE);

// What the admin's list shows of a person: never the password hash (columns are named one by one).
const listColumns = { _id: users.id, email: users.email, role: users.role, name: users.name };
export type ListedUser = { _id: string; email: string; role: Role; name: string | null };

/** `like` pattern for a prefix, with the caller's own wildcards taken literally. */
const prefixPattern = (q: string) => `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of accounts, in email order, optionally of one role and/or whose email or name starts
 * with `q` (case-insensitive). Both searches are prefix matches on `lower(...) text_pattern_ops`
 * indexes and the role filter walks the (role, lower(email)) index, so the cost of a page does not
 * grow with the number of accounts (a leading-wildcard search would scan them all).
 */
export async function listUsers(options: { role?: Role; q?: string; page?: number; limit?: number }): Promise<{ rows: ListedUser[]; total: number }> {
  const { role, q, page = 1, limit = 20 } = options;
  const db = await getDb();
  const pattern = q ? prefixPattern(q) : undefined;
  const where = and(
    role ? eq(users.role, role) : undefined,
    pattern ? or(sql`lower(${users.email}) like ${pattern}`, sql`lower(${users.name}) like ${pattern}`) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(sql`lower(${users.email})`)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
