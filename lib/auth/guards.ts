import "server-only";
import { eq } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { verifyApiToken, type TokenSubject } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { users, type Role } from "@/models";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  image: string | null;
  role: Role;
  sessionVersion: number;
  /** When the address was verified (null: not yet); voting and reporting may need it. */
  emailVerified: Date | null;
};

const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A user row by id, with the role as the database holds it now; null when the session or token was
 * issued before the person's last sign-out (its session version is older than the stored one).
 */
export async function loadUser(subject: TokenSubject | null): Promise<CurrentUser | null> {
  if (!subject || !UUID.test(subject.userId)) return null;
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      sessionVersion: users.sessionVersion,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(eq(users.id, subject.userId));
  return user && user.sessionVersion === subject.sessionVersion ? user : null;
}

/** The session version an Auth.js token carries (none before versions existed: 0). */
export function sessionVersionOf(token: Record<string, unknown> | null | undefined): number {
  const sv = token?.sv ?? 0;
  return typeof sv === "number" && Number.isSafeInteger(sv) ? sv : -1;
}

/**
 * The caller of a request, from `Authorization: Bearer` or the session cookie. A forged or expired
 * token never falls back to the cookie. Requests without either skip Auth.js entirely (public calls).
 */
export async function resolveCaller(requestHeaders: Headers, cookieNames: string[]): Promise<CurrentUser | null> {
  const authorization = requestHeaders.get("authorization");
  if (authorization !== null) {
    if (!authorization.toLowerCase().startsWith("bearer ")) return null;
    return loadUser(await verifyApiToken(authorization.slice(7).trim()));
  }
  const present = (cookie: string) => cookieNames.some((name) => name === cookie || name.startsWith(`${cookie}.`));
  if (!SESSION_COOKIES.some(present)) return null;
  // Auth.js's own decoding (encrypted JWT, expiry), read from this request's headers, so route
  // handlers and pages resolve the session the same way.
  const token = await getToken({ req: { headers: requestHeaders }, secret: getEnv().AUTH_SECRET, secureCookie: present(SESSION_COOKIES[1]) });
  return loadUser(typeof token?.sub === "string" ? { userId: token.sub, sessionVersion: sessionVersionOf(token) } : null);
}

/**
 * The signed-in person for pages and layouts, with the role read from the database on every request
 * (so an admin's change or a payment applies at once).
 */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  return resolveCaller(requestHeaders, cookieStore.getAll().map((c) => c.name));
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
