"use client";

import { getCsrfToken } from "next-auth/react";
import { SUSPENDED_CODE } from "@/lib/auth/suspended";

export type SignInOutcome =
  | { kind: "signed-in" }
  | { kind: "failed" }
  | { kind: "too-many-attempts" }
  /** The password was right but an admin suspended the account. */
  | { kind: "suspended" }
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
 * The request next-auth's `signIn("credentials", { redirect: false })` makes, read whole: that helper
 * keeps only the status and the code in the redirect URL, while a busy server's 503 also carries the
 * message to show and, in Retry-After, when to try again.
 */
export async function signInWithPassword(credentials: { email: string; password: string }): Promise<SignInOutcome> {
  try {
    const csrfToken = (await getCsrfToken()) ?? "";
    const response = await fetch("/api/auth/callback/credentials", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ ...credentials, csrfToken, callbackUrl: window.location.href }),
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
    if (!response.ok || !redirect || redirect.searchParams.has("error")) return { kind: "failed" };
    return { kind: "signed-in" };
  } catch {
    return { kind: "failed" };
  }
}
