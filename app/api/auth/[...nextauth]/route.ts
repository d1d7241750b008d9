// GET/POST /api/auth/*: Auth.js sign-in, callbacks, session and sign-out
// Not route(): Auth.js owns these answers (redirects, its own CSRF token and cookies, `{ url }` bodies
// its browser client reads); lib/auth/throttle.ts reads the body within a limit before it does.
import { NextResponse, type NextRequest } from "next/server";
import { handlers } from "@/lib/auth/config";
import { signInBusy, signInRefusal, throttledSignIn } from "@/lib/auth/throttle";

export const GET = handlers.GET;

export async function POST(request: NextRequest) {
  const next = await throttledSignIn(request);
  if (next instanceof NextResponse) return next;
  return busyAsStatus(request, await handlers.POST(next));
}

/**
 * Auth.js answers a refused sign-in with a redirect (or, for its browser client, `{ url }`) carrying
 * `code=busy`: give it the status it is (503, Retry-After), as the API's error body.
 */
async function busyAsStatus(request: NextRequest, response: Response): Promise<Response> {
  let url = response.headers.get("location");
  if (!url && response.headers.get("content-type")?.includes("application/json")) {
    url = ((await response.clone().json().catch(() => null)) as { url?: string } | null)?.url ?? null;
  }
  if (!url || !/[?&]code=busy(&|$)/.test(url)) return response;
  return signInRefusal(request, signInBusy());
}
