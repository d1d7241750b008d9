import "server-only";
import { DrizzleAdapter } from "@auth/drizzle-adapter";
import { headers } from "next/headers";
import NextAuth, { CredentialsSignin } from "next-auth";
import type { Adapter } from "next-auth/adapters";
import Credentials from "next-auth/providers/credentials";
import Google from "next-auth/providers/google";
import { ApiError } from "@/lib/api/errors";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { clientAddress } from "@/lib/auth/client-address";
import { isUuid, loadUser, subjectOfToken } from "@/lib/auth/guards";
import { issueSecondFactorTicket, callbackPathOfRequest, SecondFactorNeeded, signInWithTicket, TicketExpired, type SignInMethod } from "@/lib/auth/second-factor-sign-in";
import { hasSecondFactor } from "@/lib/accounts/second-factor";
import { noticeNewBrowser } from "@/lib/accounts/sign-in-notice";
import { SECOND_FACTOR_CODE, TICKET_EXPIRED_CODE } from "@/lib/auth/second-factor-codes";
import { BUSY_MESSAGE, HashQueueFull } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics.mjs";
import { networkHash } from "@/lib/integrity/network-hash";
import { SUSPENDED_CODE } from "@/lib/auth/suspended";
import { authenticateWithPassword, createUserSession, endSession, isSuspended, markEmailVerified, revokeSessions, sessionVersionOfUser } from "@/lib/accounts/users";
import { isReservedEmailDomain } from "@/lib/accounts/auth-schema";
import { signInWithPasskey } from "@/lib/accounts/passkeys";
import { accounts, sessions, users, verificationTokens } from "@/models";

const EXPECTED_AUTH_REFUSALS = new Set(["CredentialsSignin", "InvalidCallbackUrl", "MissingCSRF", "UnknownAction", "InvalidCheck"]);

class TooManyAttempts extends CredentialsSignin {
  code = "too_many_attempts";
}
/** Too many sign-ins on the whole site, or the password-hash queue is full: try again in a moment. */
class Busy extends CredentialsSignin {
  code = "busy";
}

/** The account is suspended (lib/moderation/suspension.ts): the login page says so. */
class Suspended extends CredentialsSignin {
  code = SUSPENDED_CODE;
}

/** The first factor is right and the account's second factor missing or wrong: the form asks for it. */
class SecondFactor extends CredentialsSignin {
  code = SECOND_FACTOR_CODE;
}

/** The sign-in that waited for its second factor is gone (used or expired): sign in again. */
class SecondFactorTicketExpired extends CredentialsSignin {
  code = TICKET_EXPIRED_CODE;
}

/**
 * The refusals every Credentials provider shares: throttled (429) or busy (503), a second factor
 * missing or wrong, a ticket gone. Anything else is a real error.
 */
function refusalOf(error: unknown): never {
  const signIns = metrics().signIns;
  if (error instanceof SecondFactorNeeded) {
    signIns.inc({ outcome: "failed" });
    throw new SecondFactor();
  }
  if (error instanceof TicketExpired) throw new SecondFactorTicketExpired();
  const busy = error instanceof HashQueueFull || (error instanceof ApiError && error.message === BUSY_MESSAGE);
  if (busy || (error instanceof ApiError && error.status === 429)) signIns.inc({ outcome: "throttled" });
  if (busy) throw new Busy();
  if (error instanceof ApiError && error.status === 429) throw new TooManyAttempts();
  throw error;
}

/**
 * What a Credentials provider answers Auth.js for the account its proof (a password, a passkey) named:
 * a suspended one is refused with its code (the login page says so), and each outcome is counted.
 */
function signedIn(
  user: { id: string; name: string | null; email: string; image: string | null; suspendedAt: Date | null } | null,
  signInMethod: SignInMethod,
) {
  const signIns = metrics().signIns;
  if (user?.suspendedAt) {
    signIns.inc({ outcome: "failed" });
    throw new Suspended();
  }
  signIns.inc({ outcome: user ? "succeeded" : "failed" });
  // `signInMethod` reaches the `jwt` callback with the user, for the session row.
  return user ? { id: user.id, name: user.name, email: user.email, image: user.image, signInMethod } : null;
}

/** Google is offered only when its client is configured; the login page asks /api/auth/providers. */
export function isGoogleConfigured() {
  const env = getEnv();
  return !!(env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET);
}

/** The browser's user agent at sign-in: from the request Auth.js handles, or Next's request headers. */
async function userAgentOf(request: Request | undefined): Promise<string | null> {
  if (request) return request.headers.get("user-agent");
  try {
    return (await headers()).get("user-agent");
  } catch {
    return null; // outside a request (a script)
  }
}

export const { handlers, auth, signIn, signOut } = NextAuth(async (request) => {
  const env = getEnv();
  const db = await getDb();
  const base = DrizzleAdapter(db, { usersTable: users, accountsTable: accounts, sessionsTable: sessions, verificationTokensTable: verificationTokens });
  // Emails are stored lower-case (the unique index is on lower(email)), whatever the provider sends.
  const adapter: Adapter = {
    ...base,
    // A Google sign-in's first visit creates the account: its network's hash is kept as for a registration.
    createUser: ({ email, ...rest }) =>
      base.createUser!({ ...rest, email: email.toLowerCase(), ...(request && { signupNetwork: networkHash(clientAddress(request.headers)) }) }),
    getUserByEmail: (email) => base.getUserByEmail!(email.toLowerCase()),
  };
  return {
    secret: env.AUTH_SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
    // httpOnly and SameSite=Lax are Auth.js's defaults; Secure everywhere in production except a
    // deliberately plain-http AUTH_URL (the local end-to-end server).
    useSecureCookies: env.NODE_ENV === "production" && !env.AUTH_URL?.startsWith("http://"),
    pages: { signIn: "/login", error: "/login" },
    // Structured, escaped lines (lib/log.ts): a callbackUrl with %0A cannot write a line of its own.
    // A wrong password, a bad callbackUrl or a missing CSRF token is an everyday refusal, not a server
    // error worth a stack trace: logged at debug level, by type only.
    logger: {
      error: (error) => {
        // `type`, not the class name: production builds minify class names.
        const type = (error as { type?: string }).type ?? "Error";
        if (EXPECTED_AUTH_REFUSALS.has(type)) return log("debug", "auth refused", { type });
        log("error", "auth error", { type, error: error.message, stack: error.stack });
      },
      warn: (code) => log("warn", "auth warning", { code }),
      debug: () => {},
    },
    providers: [
      // A password, and for an account with a second factor its `code` (authenticator app or recovery
      // code) or `passkey` (an assertion's JSON, lib/auth/second-factor-sign-in.ts).
      Credentials({
        credentials: { email: {}, password: {}, code: {}, passkey: {} },
        authorize: async (credentials, request) => {
          const user = await authenticateWithPassword(credentials, clientAddress(request.headers)).catch(refusalOf);
          // Said only to whoever knows the password: the refusal tells nothing to a guesser.
          return signedIn(user, user?.signInMethod ?? "password");
        },
      }),
      // A passkey (lib/accounts/passkeys.ts): `response` is the JSON of the browser's assertion, whose
      // challenge came from POST /api/passkeys/sign-in-options. A session like a password's follows; a
      // passkey is two factors in one (the device, and what unlocks it).
      Credentials({
        id: "passkey",
        name: "Passkey",
        credentials: { response: {} },
        authorize: async (credentials, request) => {
          const user = await signInWithPasskey(credentials?.response, clientAddress(request.headers)).catch(refusalOf);
          return signedIn(user, "passkey");
        },
      }),
      // The second step of a Google sign-in to an account with a second factor: the ticket the `signIn`
      // callback gave, with a `code` or a `passkey`.
      Credentials({
        id: "second-factor",
        name: "Second factor",
        credentials: { ticket: {}, code: {}, passkey: {} },
        authorize: async (credentials, request) => {
          const user = await signInWithTicket(credentials, clientAddress(request.headers)).catch(refusalOf);
          return signedIn(user, user.signInMethod);
        },
      }),
      ...(isGoogleConfigured()
        ? [
            Google({
              clientId: env.AUTH_GOOGLE_ID,
              clientSecret: env.AUTH_GOOGLE_SECRET,
              ...(env.AUTH_GOOGLE_ISSUER ? { issuer: env.AUTH_GOOGLE_ISSUER } : {}),
            }),
          ]
        : []),
    ],
    events: {
      // Google verified the address it vouches for: such an account needs no mail of ours to vote.
      signIn: async ({ user, account, profile }) => {
        if (account?.provider !== "google" || typeof user.id !== "string" || profile?.email_verified === false) return;
        await markEmailVerified(user.id);
      },
      // Log Out ends this browser's session row, and with it the API tokens it asked for; the person's
      // other browsers stay signed in ("Sign out everywhere" on the account page ends them). A cookie
      // from before sessions per device has no row of its own: its sign-out ends every session.
      signOut: async (message) => {
        const token = "token" in message ? message.token : null;
        const subject = subjectOfToken(token);
        if (!subject) return;
        if (subject.sessionId && isUuid(subject.sessionId)) await endSession(subject.userId, subject.sessionId);
        else await revokeSessions(subject.userId);
      },
    },
    callbacks: {
      // A suspended account is refused by every provider (a password's is refused in `authorize`); the
      // login page reads the code and says "This account is suspended."
      signIn: async ({ user, account }) => {
        // A provider's address under a reserved name (.invalid, .localhost) makes no account, as at registration.
        if (account?.provider === "google" && typeof user.email === "string" && isReservedEmailDomain(user.email)) return false;
        if (typeof user.email === "string" && (await isSuspended(user.email))) return `/login?error=AccessDenied&code=${SUSPENDED_CODE}`;
        // Google vouched for an account that has a second factor: no session yet. The login page asks
        // for it with a ticket that stands for this first step (lib/auth/second-factor-sign-in.ts).
        if (account?.provider === "google" && isUuid(user.id) && (await hasSecondFactor(user.id))) {
          const ticket = await issueSecondFactorTicket(user.id, "google");
          const next = new URLSearchParams({ code: SECOND_FACTOR_CODE, ticket, callbackUrl: safeCallbackPath(callbackPathOfRequest(request)) });
          return `/login?${next}`;
        }
        return true;
      },
      // Signing in (Credentials or Google) opens a session row for this browser: its id (`sid`) and the
      // person's session version go into the token. Afterwards the token counts while its row is
      // there and not revoked and the account not deleted (a token without `sid`, from before sessions
      // per device, while its session version is current); otherwise /api/auth/session answers null.
      jwt: async ({ token, user, account }) => {
        if (user) {
          if (typeof user.id !== "string") return null;
          const sv = await sessionVersionOfUser(user.id);
          if (sv === null) return null;
          const method = (user as { signInMethod?: SignInMethod }).signInMethod ?? account?.provider ?? null;
          const agent = await userAgentOf(request);
          const sid = await createUserSession(user.id, agent, method);
          // A sign-in from a browser new to the account is mailed to its owner; a failure to queue the
          // mail must not refuse the sign-in.
          await noticeNewBrowser(user.id, sid, agent, method).catch((error: unknown) =>
            log("error", "sign-in notice not queued", { userId: user.id, error: error instanceof Error ? error.message : String(error) }),
          );
          return { ...token, sub: user.id, sv, sid };
        }
        return (await loadUser(subjectOfToken(token))) ? token : null;
      },
      // The role is deliberately not stored in the token: guards read it from the database.
      session: ({ session, token }) => {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
      // After sign-in or sign-out, only a path on this site (no open redirect).
      redirect: ({ url, baseUrl }) => {
        if (url.startsWith(baseUrl)) return `${baseUrl}${safeCallbackPath(url.slice(baseUrl.length) || "/")}`;
        return `${baseUrl}${safeCallbackPath(url)}`;
      },
    },
  };
});
