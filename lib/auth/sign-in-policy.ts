import "server-only";
import { atLimit, type Hit, type Held, release, reserve } from "@/lib/limits/apply";
import type { HitLimitName } from "@/lib/limits/table";

/**
 * The sign-in limits (lib/limits/table.ts): failures per account (the email typed) and per client, and
 * the whole site's attempts per minute (AUTH_ATTEMPTS_PER_MINUTE). A password check on the account page
 * counts as a sign-in.
 */
const FAILURES: HitLimitName[] = ["signIn.account", "signIn.client"];

/**
 * Reserves one sign-in attempt before the password is verified: throws 429 when the account, the client
 * or the site is at its limit. A wrong password keeps the reservation (the failure counts).
 */
export function reserveSignIn(email: string, clientAddress: string): Promise<Held> {
  return reserve([["signIn.site"], ["signIn.account", email], ["signIn.client", clientAddress]]);
}

/**
 * Not a failure: a right password, or a refusal before anything was verified (the hash queue is full).
 * The account's and the client's hits go back; the site's stays: it counts attempts, not failures.
 */
export const notAFailure = (held: Held) => release(held, FAILURES);

/** Which limit, if any, the account or the client already reached (the login form's early answer; not the guard). */
export function throttledBy(email: string, clientAddress: string): Promise<HitLimitName | null> {
  const hits: Hit[] = [["signIn.account", email], ["signIn.client", clientAddress]];
  return atLimit(hits);
}
