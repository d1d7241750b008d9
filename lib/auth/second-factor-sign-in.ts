import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { checkSecondFactorCode, hasSecondFactor } from "@/lib/accounts/second-factor";
import { verifyPasskeyFor } from "@/lib/accounts/passkeys";
import { notAFailure, reserveSignIn } from "@/lib/auth/sign-in-policy";
import { getDb } from "@/lib/db";
import { secondFactorTickets, users } from "@/models";

// A sign-in's second factor (docs/security.md "Second factor"). After a right password, an account
// with a second factor must also give a code (its authenticator app's, or a recovery code) or a
// passkey; after Google, the same through a ticket. A wrong second factor counts against the sign-in
// limits exactly as a wrong password does.

/** What a sign-in form may send besides the first factor: a code, or a passkey's assertion (its JSON). */
export type SecondFactorGiven = { code?: string; passkey?: string };

/** How a sign-in was proved, kept on its session row: "password", "password+totp", "google+passkey"... */
export type SignInMethod = string;

/** The first factor passed, the second is missing or wrong: the sign-in form asks for it (code `second_factor`). */
export class SecondFactorNeeded extends Error {
  constructor(readonly given: boolean) {
    super(given ? "second factor wrong" : "second factor missing");
  }
}

/** The ticket of a sign-in waiting for its second factor is unknown, used or expired: sign in again. */
export class TicketExpired extends Error {}

/** Minutes a sign-in may wait for its second factor after Google. */
export const TICKET_MINUTES = 5;
const CODE_MAX = 32;
const TICKET_LENGTH = 43;

/** The code and passkey of a sign-in's credentials, when they are strings of a sane length. */
export function secondFactorGiven(credentials: unknown): SecondFactorGiven {
  const field = (name: string, max: number) => {
    const value = (credentials as Record<string, unknown> | null | undefined)?.[name];
    return typeof value === "string" && value.trim() !== "" && value.length <= max ? value.trim() : undefined;
  };
  return { code: field("code", CODE_MAX), passkey: field("passkey", 64 * 1024) };
}

/** A session proved a second factor at sign-in when its method names two, or is a passkey's alone. */
export const provesSecondFactor = (method: SignInMethod | null | undefined) => !!method && (method.includes("+") || method === "passkey");

/**
 * The second factor of a sign-in whose first factor (`first`: "password", "google") is right. Answers
 * the method for the session row; throws `SecondFactorNeeded` when the account has a second factor and
 * it is missing or wrong. `held` is the first factor's reservation of the sign-in limits: given back
 * when nothing was guessed wrong, kept (a counted failure) for a wrong code or passkey.
 */
export async function requireSecondFactor(
  userId: string,
  first: string,
  given: SecondFactorGiven,
  held: Awaited<ReturnType<typeof reserveSignIn>>,
): Promise<SignInMethod> {
  if (!(await hasSecondFactor(userId))) {
    await notAFailure(held);
    return first;
  }
  if (!given.code && !given.passkey) {
    await notAFailure(held);
    throw new SecondFactorNeeded(false);
  }
  const proof = given.code ? await checkSecondFactorCode(userId, given.code) : (await verifyPasskeyFor(userId, given.passkey)) ? "passkey" : null;
  if (!proof) throw new SecondFactorNeeded(true);
  await notAFailure(held);
  return `${first}+${proof}`;
}

const hashOf = (ticket: string) => createHash("sha256").update(ticket).digest("base64url");

/** A ticket for `userId`, whose first factor (`method`) passed, to finish signing in with the second. */
export async function issueSecondFactorTicket(userId: string, method: "google"): Promise<string> {
  const ticket = randomBytes(32).toString("base64url");
  const db = await getDb();
  await db.insert(secondFactorTickets).values({ userId, method, tokenHash: hashOf(ticket), expiresAt: new Date(Date.now() + TICKET_MINUTES * 60_000) });
  return ticket;
}

/**
 * Finishes a sign-in held by a ticket: the ticket must be live and the second factor right (counted
 * against the sign-in limits of the account and the client, as a password is). The ticket is used up
 * only by a right second factor, so a mistyped code can be corrected within its minutes.
 */
export async function signInWithTicket(credentials: unknown, clientAddress: string) {
  const ticket = (credentials as Record<string, unknown> | null | undefined)?.ticket;
  if (typeof ticket !== "string" || ticket.length !== TICKET_LENGTH) throw new TicketExpired();
  const db = await getDb();
  const [found] = await db
    .select({ ticketId: secondFactorTickets.id, method: secondFactorTickets.method, user: users })
    .from(secondFactorTickets)
    .innerJoin(users, eq(users.id, secondFactorTickets.userId))
    .where(and(eq(secondFactorTickets.tokenHash, hashOf(ticket)), gt(secondFactorTickets.expiresAt, new Date()), isNull(users.deletedAt)));
  if (!found) throw new TicketExpired();
  const held = await reserveSignIn(found.user.email, clientAddress);
  const method = await requireSecondFactor(found.user.id, found.method, secondFactorGiven(credentials), held);
  const spent = await db.delete(secondFactorTickets).where(eq(secondFactorTickets.id, found.ticketId)).returning({ id: secondFactorTickets.id });
  if (spent.length === 0) throw new TicketExpired();
  return { ...found.user, signInMethod: method };
}

/** Where the sign-in was going: Auth.js keeps it in its callback-url cookie during Google's round trip. */
export function callbackPathOfRequest(request: Request | undefined): string | null {
  const cookie = request?.headers.get("cookie") ?? "";
  const match = /(?:^|;\s*)(?:__Secure-)?authjs\.callback-url=([^;]*)/.exec(cookie);
  if (!match) return null;
  try {
    const url = new URL(decodeURIComponent(match[1]), "http://opinex.invalid");
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}
