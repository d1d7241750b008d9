"use client";

import { getCsrfToken } from "next-auth/react";
import { SECOND_FACTOR_CODE, TICKET_EXPIRED_CODE } from "@/lib/auth/second-factor-codes";
import { SUSPENDED_CODE } from "@/lib/auth/suspended";

export type SignInOutcome =
  | { kind: "signed-in" }
  | { kind: "failed" }
  | { kind: "too-many-attempts" }
  /** The password was right but an admin suspended the account. */
  | { kind: "suspended" }
  /**
   * The account asks for its second factor: none was sent (the password was right), or the one sent was
   * not accepted. The form knows which, since it knows what it sent.
   */
  | { kind: "second-factor" }
  /** The Google sign-in's ticket is spent or expired: that sign-in must start again. */
  | { kind: "ticket-expired" }
  /** The whole site is refusing sign-ins for a moment (503): the server's words and when to retry. */
  | { kind: "busy"; message: string; retryAfterSeconds: number };

// A Retry-After we cannot read, or an absurd one, still lets the person try again soon.
const DEFAULT_RETRY_SECONDS = 5;
const MAX_RETRY_SECONDS = 300;

/** Seconds to wait from a Retry-After header: delta-seconds or an HTTP date, at least 1, at most 5 minutes. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? "";
  let seconds = /^\d+$/.test(value) ? Number(value) : value ? Math.ceil((Date.parse(value) - now) / 1000) : NaN;
  if (!Number.isFinite(seconds)) seconds = DEFAULT_RETRY_SECONDS;
  return Math.min(Math.max(seconds, 1), MAX_RETRY_SECONDS);
}

/**
 * This page's address, where Auth.js answers it would go next, without what a refusal puts there: the
 * outcome is read from the `code` of that answer, so the second step's own `?code=second_factor` must
 * not come back as if it were one; and without a Google sign-in's ticket (a secret of one use that no
 * log should keep).
 */
function ownAddress(): string {
  const url = new URL(window.location.href);
  for (const name of ["ticket", "code", "error"]) url.searchParams.delete(name);
  return url.toString();
}

/**
 * What the password form sends: the address and password, and on the second step the code (from an
 * authenticator app, or a recovery code) or the passkey's assertion (JSON, as a string).
 */
export type PasswordCredentials = { email: string; password: string; code?: string; passkey?: string };
/** What the second step of a Google sign-in sends (provider "second-factor"): its ticket and the factor. */
export type TicketCredentials = { ticket: string; code?: string; passkey?: string };

/**
 * The request next-auth's `signIn("credentials", { redirect: false })` makes, read whole: that helper
 * keeps only the status and the code in the redirect URL, while a busy server's 503 also carries the
 * message to show and, in Retry-After, when to try again.
 */
export function signInWithPassword(credentials: PasswordCredentials): Promise<SignInOutcome> {
  return signInWithCredentials("credentials", credentials);
}

/** The second step of a Google sign-in: the ticket the server handed back, with a code or a passkey. */
export function signInWithTicket(credentials: TicketCredentials): Promise<SignInOutcome> {
  return signInWithCredentials("second-factor", credentials);
}

async function signInWithCredentials(provider: "credentials" | "second-factor", credentials: Record<string, string | undefined>): Promise<SignInOutcome> {
  // Only the fields given: an empty `code` would read as a wrong one.
  const fields = Object.fromEntries(Object.entries(credentials).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  try {
    const csrfToken = (await getCsrfToken()) ?? "";
    const response = await fetch(`/api/auth/callback/${provider}`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ ...fields, csrfToken, callbackUrl: ownAddress() }),
    });
    const data = (await response.json().catch(() => null)) as { url?: string; error?: { message?: string } } | null;
    const redirect = data?.url ? new URL(data.url, window.location.origin) : null;
    const code = redirect?.searchParams.get("code");
    if (response.status === 503 || code === "busy") {
      return {
        kind: "busy",
        message: data?.error?.message || "The server is busy right now. Please try again in a moment.",
        retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")),
      };
    }
    if (response.status === 429 || code === "too_many_attempts") return { kind: "too-many-attempts" };
    if (code === SUSPENDED_CODE) return { kind: "suspended" };
    if (code === SECOND_FACTOR_CODE) return { kind: "second-factor" };
    if (code === TICKET_EXPIRED_CODE) return { kind: "ticket-expired" };
    if (!response.ok || !redirect || redirect.searchParams.has("error")) return { kind: "failed" };
    return { kind: "signed-in" };
  } catch {
    return { kind: "failed" };
  }
}
