import "server-only";
import { ApiError } from "@/lib/api/errors";
import { anyAtLimit, SITE_AUTH_KEY, type Limit } from "@/lib/auth/attempts";
import { BUSY_MESSAGE } from "@/lib/auth/password";
import { getEnv } from "@/lib/env";

/** The sign-in throttle: failures per account and per address, and the whole site's attempts per minute. */
export const THROTTLE_MAX_FAILURES = 10;
export const THROTTLE_WINDOW_MINUTES = 15;

/** Failed sign-ins in the window, per account and per client address (shared by all app servers). */
export async function isThrottled(keys: string[]): Promise<boolean> {
  return anyAtLimit(keys, THROTTLE_MAX_FAILURES, THROTTLE_WINDOW_MINUTES);
}

export const tooManyAttempts = () =>
  new ApiError("too_many_requests", "Too many attempts. Please wait 15 minutes and try again.");

/** The whole site's sign-in and registration attempts in the last minute are capped (AUTH_ATTEMPTS_PER_MINUTE). */
export const siteBusy = () => new ApiError("too_many_requests", BUSY_MESSAGE);
export const siteLimit = (): Limit => ({ key: SITE_AUTH_KEY, max: getEnv().AUTH_ATTEMPTS_PER_MINUTE, windowMinutes: 1, refuse: siteBusy });

/** The throttle keys of one sign-in attempt: the account and the client address. */
export function throttleKeys(email: string, clientAddress: string) {
  return [`email:${email.trim().toLowerCase()}`, `ip:${clientAddress}`];
}
