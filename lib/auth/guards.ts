import "server-only";
import { eq } from "drizzle-orm";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { auth } from "@/lib/auth/config";
import { verifyApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { users, type Role } from "@/models";

export type CurrentUser = { id: string; email: string; name: string | null; image: string | null; role: Role };

/**
 * The signed-in person, from the session cookie or an `Authorization: Bearer` token, with the role
 * read from the database on every request (so an admin's change or a payment applies at once).
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const authorization = (await headers()).get("authorization");
  let userId: string | null = null;
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    userId = await verifyApiToken(authorization.slice(7).trim());
    if (!userId) return null; // a forged or expired token never falls back to the cookie
  } else {
    userId = (await auth())?.user?.id ?? null;
  }
  if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, image: users.image, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
});

/** For pages and layouts: signed-out visitors go to the login page and come back afterwards. */
export async function requireUser(callbackPath: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  return user;
}

/** For pages and layouts: people of another role go to their own dashboard. */
export async function requireRole(callbackPath: string, ...roles: Role[]): Promise<CurrentUser> {
  const user = await requireUser(callbackPath);
  if (!roles.includes(user.role)) redirect(`/dashboard/${user.role}`);
  return user;
}
