import "server-only";
import { NextRequest, NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { jsonError } from "@/lib/api/handler";
import { readBodyBytes } from "@/lib/api/read-body";
import { clientAddress } from "@/lib/auth/client-address";
import { BUSY_MESSAGE, hashQueueFull } from "@/lib/auth/password";
import { throttledBy } from "@/lib/auth/sign-in-policy";
import { limitRefusal } from "@/lib/limits/apply";
import { requestIdOf } from "@/lib/log";
import { metrics } from "@/lib/metrics.mjs";

/**
 * Before Auth.js sees an email-and-password sign-in: a throttled account or address gets HTTP 429.
 * Auth.js itself would answer a redirect with an error code, which API callers cannot tell from a
 * wrong password. Every refusal here is the API's documented error body (`{ error: { code, message,
 * requestId } }`, lib/api/errors.ts); the login form tells them apart by their status
 * (components/auth/credentials-sign-in.ts).
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
    return signInRefusal(request, error);
  }
  const buffered = new NextRequest(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(bytes) });
  if (!request.nextUrl.pathname.endsWith("/callback/credentials")) return buffered;
  // Every hash slot and queue place taken: refuse before Auth.js and the database do any work.
  if (hashQueueFull()) {
    metrics().signIns.inc({ outcome: "throttled" });
    return signInRefusal(request, signInBusy());
  }
  let email = "";
  try {
    email = String((await buffered.clone().formData()).get("email") ?? "");
  } catch {
    return buffered;
  }
  // A control character cannot be in a valid email (the sign-in refuses it) nor in a database key.
  if (/\p{Cc}/u.test(email)) return buffered;
  const full = await throttledBy(email, clientAddress(request.headers));
  if (!full) return buffered;
  metrics().signIns.inc({ outcome: "throttled" });
  return signInRefusal(request, limitRefusal(full));
}

/** The whole site is refusing sign-ins for a moment (the hash queue is full, or Auth.js said `code=busy`). */
export const signInBusy = () => new ApiError("service_unavailable", BUSY_MESSAGE, undefined, 5);

/** A refused /api/auth/* request, answered as every API error is (the documented body, its request id). */
export function signInRefusal(request: NextRequest, error: ApiError): NextResponse {
  const requestId = requestIdOf(request.headers);
  const response = jsonError(error, requestId);
  response.headers.set("Cache-Control", "no-store");
  response.headers.set("X-Request-Id", requestId);
  return response;
}
