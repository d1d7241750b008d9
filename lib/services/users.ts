import "server-only";
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { verifyPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { authFailures, users } from "@/models";
import { loginSchema } from "@/lib/validation/auth";

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
export async function authenticateWithPassword(credentials: unknown, clientAddress: string) {
  const parsed = loginSchema.safeParse(credentials);
  if (!parsed.success) return null;
  const email = parsed.data.email.toLowerCase();
  const keys = [`email:${email}`, `ip:${clientAddress}`];
  if (await isThrottled(keys)) throw new ApiError("too_many_requests", "Too many attempts. Please wait 15 minutes and try again.");
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const ok = !!user?.passwordHash && (await verifyPassword(parsed.data.password, user.passwordHash));
  if (!ok) {
    await recordAuthFailure(keys);
    return null;
  }
  return user;
}
