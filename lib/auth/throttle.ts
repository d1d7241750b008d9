import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { clientAddress } from "@/lib/auth/client-address";
import { isThrottled, throttleKeys, tooManyAttempts, THROTTLE_WINDOW_MINUTES } from "@/lib/services/users";

export const TOO_MANY_ATTEMPTS_CODE = "too_many_attempts";

/**
 * Before Auth.js sees an email-and-password sign-in: a throttled account or address gets HTTP 429.
 * Auth.js itself would answer a redirect with an error code, which API callers cannot tell from a
 * wrong password. The body still carries the `url` that next-auth's browser `signIn()` reads, so
 * the login form shows the "too many attempts" message.
 */
// An email, a password of at most 128 characters, a CSRF token and a callback fit in far less.
const MAX_SIGN_IN_BYTES = 16 * 1024;

export async function throttledSignIn(request: NextRequest): Promise<NextResponse | null> {
  if (!request.nextUrl.pathname.endsWith("/callback/credentials")) return null;
  if (Number(request.headers.get("content-length") ?? 0) > MAX_SIGN_IN_BYTES) {
    return NextResponse.json({ error: { code: "payload_too_large", message: "The request body is too large" } }, { status: 413 });
  }
  let email = "";
  try {
    const form = await request.clone().formData();
    email = String(form.get("email") ?? "");
  } catch {
    return null;
  }
  if (!(await isThrottled(throttleKeys(email, clientAddress(request.headers))))) return null;
  const error = tooManyAttempts();
  const url = new URL(`/login?error=CredentialsSignin&code=${TOO_MANY_ATTEMPTS_CODE}`, request.nextUrl.origin);
  return NextResponse.json(
    { url: url.toString(), error: { code: error.code, message: error.message } },
    { status: 429, headers: { "Retry-After": String(THROTTLE_WINDOW_MINUTES * 60), "Cache-Control": "no-store" } },
  );
}
