import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { readBodyBytes } from "@/lib/api/read-body";
import { clientAddress } from "@/lib/auth/client-address";
import { BUSY_MESSAGE, hashQueueFull } from "@/lib/auth/password";
import { isThrottled, throttleKeys, tooManyAttempts, THROTTLE_WINDOW_MINUTES } from "@/lib/auth/sign-in-policy";
import { metrics } from "@/lib/metrics.mjs";

export const TOO_MANY_ATTEMPTS_CODE = "too_many_attempts";

/**
 * Before Auth.js sees an email-and-password sign-in: a throttled account or address gets HTTP 429.
 * Auth.js itself would answer a redirect with an error code, which API callers cannot tell from a
 * wrong password. The body still carries the `url` that next-auth's browser `signIn()` reads, so
 * the login form shows the "too many attempts" message.
 */
// An email, a password of at most 128 characters, a CSRF token and a callback fit in far less; so do
// the bodies of every other Auth.js POST (sign-out, session update, sign-in with a provider).
export const MAX_AUTH_BODY_BYTES = 16 * 1024;

/**
 * Returns the response to send instead (413, 429), or the request to hand to Auth.js: every
 * /api/auth/* body is read here within the limit (counted while streaming) and handed on as bytes.
 */
export async function throttledSignIn(request: NextRequest): Promise<NextResponse | NextRequest> {
  let bytes: Buffer;
  try {
    bytes = await readBodyBytes(request, MAX_AUTH_BODY_BYTES, () => new ApiError("payload_too_large", "The request body is too large"));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return NextResponse.json({ error: { code: error.code, message: error.message } }, { status: error.status });
  }
  const buffered = new NextRequest(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(bytes) });
  if (!request.nextUrl.pathname.endsWith("/callback/credentials")) return buffered;
  // Every hash slot and queue place taken: refuse before Auth.js and the database do any work.
  if (hashQueueFull()) {
    metrics().signIns.inc({ outcome: "throttled" });
    const url = new URL(`/login?error=CredentialsSignin&code=busy`, request.nextUrl.origin);
    return NextResponse.json(
      { url: url.toString(), error: { code: "service_unavailable", message: BUSY_MESSAGE } },
      { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } },
    );
  }
  let email = "";
  try {
    email = String((await buffered.clone().formData()).get("email") ?? "");
  } catch {
    return buffered;
  }
  // A control character cannot be in a valid email (the sign-in refuses it) nor in a database key.
  if (/\p{Cc}/u.test(email)) return buffered;
  if (!(await isThrottled(throttleKeys(email, clientAddress(request.headers))))) return buffered;
  metrics().signIns.inc({ outcome: "throttled" });
  const error = tooManyAttempts();
  const url = new URL(`/login?error=CredentialsSignin&code=${TOO_MANY_ATTEMPTS_CODE}`, request.nextUrl.origin);
  return NextResponse.json(
    { url: url.toString(), error: { code: error.code, message: error.message } },
    { status: 429, headers: { "Retry-After": String(THROTTLE_WINDOW_MINUTES * 60), "Cache-Control": "no-store" } },
  );
}
