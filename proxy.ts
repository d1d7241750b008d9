import { getToken } from "next-auth/jwt";
import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/lib/env";
import { getUserRole } from "@/lib/services/users";
import { ROLES, type Role } from "@/models/enums";

// The first line of defence only: every dashboard layout, page and route handler checks the
// session and the role again on the server (a proxy can be bypassed; see CVE-2025-29927).
const SECURE_COOKIE = "__Secure-authjs.session-token";

function toLogin(request: NextRequest) {
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", request.nextUrl.pathname + request.nextUrl.search);
  return NextResponse.redirect(login);
}

async function currentRole(request: NextRequest): Promise<Role | null> {
  const secureCookie = request.cookies.getAll().some((c) => c.name.startsWith(SECURE_COOKIE));
  const token = await getToken({ req: request, secret: getEnv().AUTH_SECRET, secureCookie });
  // The role is read from the database, never from the token, so a change applies at once.
  return typeof token?.sub === "string" ? getUserRole(token.sub) : null;
}

export async function proxy(request: NextRequest) {
  const role = await currentRole(request);
  if (!role) return toLogin(request);
  const [, section, area] = request.nextUrl.pathname.split("/");
  if (section === "dashboard" && (!area || ((ROLES as readonly string[]).includes(area) && area !== role))) {
    return NextResponse.redirect(new URL(`/dashboard/${role}`, request.url));
  }
  return NextResponse.next();
}

// Only the guarded paths: a catch-all matcher halves throughput.
export const config = { matcher: ["/dashboard", "/dashboard/:path*", "/payment"] };
