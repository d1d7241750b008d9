import { NextResponse, type NextRequest } from "next/server";

// The first line of defence only: every dashboard layout, page and route handler checks the
// session and the role again on the server (a proxy can be bypassed; see CVE-2025-29927).
const SESSION_COOKIES = ["authjs.session-token", "__Secure-authjs.session-token"];

export function proxy(request: NextRequest) {
  const signedIn = SESSION_COOKIES.some((name) => request.cookies.has(name));
  if (!signedIn) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", request.nextUrl.pathname + request.nextUrl.search);
    return NextResponse.redirect(login);
  }
  return NextResponse.next();
}

// Only the guarded paths: a catch-all matcher halves throughput.
export const config = { matcher: ["/dashboard/:path*", "/payment"] };
