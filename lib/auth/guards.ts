import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { cache } from "react";
import { verifyApiToken, type TokenSubject } from "@/lib/auth/api-token";
import { can, type Action } from "@/lib/auth/permissions";
import { lacksRequiredSecondFactor, SECOND_FACTOR_SETUP_PATH } from "@/lib/auth/second-factor-gate";
import { hasSecondFactorSql } from "@/lib/accounts/second-factor";
import { API_KEY_PREFIX } from "@/lib/integrations/key-format";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { users, userSessions, type Role } from "@/models";

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  image: string | null;
  role: Role;
  sessionVersion: number;
  /** When the address was verified (null: not yet); voting and reporting may need it. */
  emailVerified: Date | null;
  /** The signed-in browser's `user_sessions` row; null for an API token or a cookie from before sessions per device. */
  sessionId: string | null;
  /** Whether the account has a second factor (a confirmed authenticator app or a passkey). */
  hasSecondFactor: boolean;
  /** When this browser's session last proved a second factor; null for an API token (docs/security.md). */
  secondFactorAt: Date | null;
};

/** Who a cookie or token names: a session cookie since sessions per device, and the API tokens it asked for, also name its session row. */
export type Subject = TokenSubject;

export const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/** How stale a session's `last_seen_at` may get before a request refreshes it (it is approximate). */
export const LAST_SEEN_REFRESH_MINUTES = 5;

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  image: users.image,
  role: users.role,
  sessionVersion: users.sessionVersion,
  emailVerified: users.emailVerified,
  // Two index lookups per request: the rule is lib/accounts/second-factor.ts's.
  hasSecondFactor: hasSecondFactorSql(sql.raw(`"users"."id"`)),
};

/**
 * The person a cookie or token names, with the role as the database holds it now; null when it no
 * longer counts (a suspended account's cookies and tokens never count, whatever they carry). A session cookie with a `sid` counts while its `user_sessions` row is there, not
 * revoked, and the account not deleted (one query, a join); its `last_seen_at` is refreshed when older
 * than a few minutes (a conditional update, so most requests write nothing). An API token, or a cookie
 * issued before sessions per device (no `sid`), counts while its session version is the person's.
 */
export async function loadUser(subject: Subject | null): Promise<CurrentUser | null> {
  if (!subject || !UUID.test(subject.userId)) return null;
  const db = await getDb();
  if (subject.sessionId !== undefined) {
    if (!UUID.test(subject.sessionId)) return null;
    const [row] = await db
      .select({ ...userColumns, secondFactorAt: userSessions.secondFactorAt, stale: sql<boolean>`${userSessions.lastSeenAt} < now() - make_interval(mins => ${LAST_SEEN_REFRESH_MINUTES})` })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.id, subject.sessionId), eq(userSessions.userId, subject.userId), isNull(userSessions.revokedAt), isNull(users.deletedAt), isNull(users.suspendedAt)));
    if (!row) return null;
    const { stale, ...user } = row;
    if (stale) {
      // Only when stale, and only once however many requests arrive together.
      await db
        .update(userSessions)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(userSessions.id, subject.sessionId), sql`${userSessions.lastSeenAt} < now() - make_interval(mins => ${LAST_SEEN_REFRESH_MINUTES})`));
    }
    return { ...user, sessionId: subject.sessionId };
  }
  const [user] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, subject.userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return user && user.sessionVersion === subject.sessionVersion ? { ...user, sessionId: null, secondFactorAt: null } : null;
}

/**
 * The owner of an API key (lib/integrations/api-keys.ts), with the role as the database holds it now;
 * null when the account is suspended or deleted (its keys then name no one). A key has no browser
 * session and never proves a second factor.
 */
export async function loadKeyOwner(userId: string): Promise<CurrentUser | null> {
  if (!UUID.test(userId)) return null;
  const db = await getDb();
  const [user] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.suspendedAt)));
  return user ? { ...user, sessionId: null, secondFactorAt: null } : null;
}

/** The session version an Auth.js token carries (none before versions existed: 0). */
export function sessionVersionOf(token: Record<string, unknown> | null | undefined): number {
  const sv = token?.sv ?? 0;
  return typeof sv === "number" && Number.isSafeInteger(sv) ? sv : -1;
}

/**
 * Who an Auth.js token names: its `sub`, session version and, since sessions per device, its session
 * row (`sid`). A `sid` that is not a string makes the token name no one.
 */
export function subjectOfToken(token: Record<string, unknown> | null | undefined): Subject | null {
  if (typeof token?.sub !== "string") return null;
  const subject: Subject = { userId: token.sub, sessionVersion: sessionVersionOf(token) };
  if (token.sid === undefined) return subject;
  return typeof token.sid === "string" ? { ...subject, sessionId: token.sid } : null;
}

/**
 * The caller of a request, from `Authorization: Bearer` or the session cookie. A forged or expired
 * token never falls back to the cookie. Requests without either skip Auth.js entirely (public calls).
 */
export async function resolveCaller(requestHeaders: Headers, cookieNames: string[]): Promise<CurrentUser | null> {
  const authorization = requestHeaders.get("authorization");
  if (authorization !== null) {
    if (!authorization.toLowerCase().startsWith("bearer ")) return null;
    const bearer = authorization.slice(7).trim();
    // An API key (`opx_…`) is for /api/v1 alone, whose routes check it themselves (`route({ scope })`):
    // here it names no one, so it can never reach an account, payment or admin call.
    if (bearer.startsWith(API_KEY_PREFIX)) return null;
    const subject = await verifyApiToken(bearer);
    const caller = await loadUser(subject);
    // A token lives while the session that asked for it does and, like every token, while its session
    // version is the person's: ending every other session ("sign out everywhere else", a password
    // change) ends the tokens of the session it keeps too. It never proves a second factor, even one
    // asked for by a session that has (the step-up is for the person at the browser, docs/security.md).
    if (!caller || caller.sessionVersion !== subject?.sessionVersion) return null;
    return { ...caller, secondFactorAt: null };
  }
  const present = (cookie: string) => cookieNames.some((name) => name === cookie || name.startsWith(`${cookie}.`));
  if (!SESSION_COOKIES.some(present)) return null;
  // Auth.js's own decoding (encrypted JWT, expiry), read from this request's headers, so route
  // handlers and pages resolve the session the same way.
  const token = await getToken({ req: { headers: requestHeaders }, secret: getEnv().AUTH_SECRET, secureCookie: present(SESSION_COOKIES[1]) });
  return loadUser(subjectOfToken(token));
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

/**
 * For pages and layouts: signed-out visitors go to the login page and come back afterwards, people
 * whose role may not do `action` (lib/auth/permissions.ts) to their own dashboard.
 */
export async function requireCan(callbackPath: string, action: Action): Promise<CurrentUser> {
  const user = await requireUser(callbackPath);
  if (!can(user.role, action)) redirect(`/dashboard/${user.role}`);
  if (lacksRequiredSecondFactor(user, action)) redirect(SECOND_FACTOR_SETUP_PATH);
  return user;
}

/**
 * The action that opens each role's dashboard, by the path's segment (`/dashboard/{role}`), for the
 * proxy, which knows only the path.
 */
export const DASHBOARD_ACTIONS = {
  user: "viewUserDashboard",
  pro_user: "viewProUserDashboard",
  surveyor: "viewSurveyorDashboard",
  admin: "viewAdminDashboard",
} as const satisfies Record<Role, Action>;

/** The action a dashboard path (`/dashboard/{section}/...`) needs; null for a section every signed-in person may open (their account). */
export function dashboardActionOf(section: string): Action | null {
  return Object.hasOwn(DASHBOARD_ACTIONS, section) ? DASHBOARD_ACTIONS[section as Role] : null;
}
