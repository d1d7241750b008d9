import { NextResponse, type NextRequest } from "next/server";
import { dashboardActionOf, resolveCaller } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { lacksRequiredSecondFactor, SECOND_FACTOR_SETUP_PATH } from "@/lib/auth/second-factor-gate";
import { splitLocale } from "@/lib/i18n/locales.mjs";
import { contentSecurityPolicy } from "@/lib/security-headers.mjs";

// For the dashboards and the payment page, the first line of defence only: every dashboard layout,
// page and route handler checks the session and the role again on the server (a proxy can be
// bypassed; see CVE-2025-29927).
// The caller is resolved exactly as pages and handlers do it, role read from the database, and a
// dashboard asks the same permission its layout asks (`dashboardActionOf`).
// The production server hands Next each page under its language's segment (`/es/dashboard/...`,
// lib/i18n/routing.mjs); `next dev` rewrites after this runs, so the path comes here with or without
// it. The rules read the path without it, and redirects keep it.

function toLogin(request: NextRequest, prefix: string, pathname: string) {
  const login = new URL(`${prefix}/login`, request.url);
  login.searchParams.set("callbackUrl", `${prefix}${pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

// The sign-in forms and the pages of mailed links are rendered per request too, and open to
// everyone: they only get the nonce.
const OPEN_PAGES = new Set(["/login", "/register", "/signup", "/forgot-password", "/reset-password", "/verify-email", "/confirm-email", "/unsubscribe"]);

export async function proxy(request: NextRequest) {
  const { prefix: locale, rest: pathname } = splitLocale(request.nextUrl.pathname);
  // Redirects go to the same language's page; English is unprefixed (the server chose it or the
  // address had no prefix).
  const prefix = locale && locale !== "en" ? `/${locale}` : "";
  if (OPEN_PAGES.has(pathname)) return withNonce(request, pathname);
  const caller = await resolveCaller(request.headers, request.cookies.getAll().map((c) => c.name));
  if (!caller) return toLogin(request, prefix, pathname);
  const { role } = caller;
  const [, section, area] = pathname.split("/");
  const action = area ? dashboardActionOf(area) : null;
  if (section === "dashboard" && (!area || (action && !can(role, action)))) {
    return NextResponse.redirect(new URL(`${prefix}/dashboard/${role}`, request.url));
  }
  // A role that needs a second factor goes to set one up first (lib/auth/second-factor-gate.ts).
  if (section === "dashboard" && action && lacksRequiredSecondFactor(caller, action)) {
    return NextResponse.redirect(new URL(`${prefix}${SECOND_FACTOR_SETUP_PATH}`, request.url));
  }
  return withNonce(request, pathname);
}

/**
 * These pages are rendered per request, so each answer gets its own nonce: Next reads it from the
 * request's Content-Security-Policy and puts it on every script it renders, and the browser runs no
 * inline script without it (no 'unsafe-inline').
 */
function withNonce(request: NextRequest, pathname: string) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy({
    production: process.env.NODE_ENV === "production",
    stripe: pathname === "/payment",
    nonce,
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Only the pages rendered per request (the guarded ones and the sign-in forms): a catch-all matcher
// halves throughput, and cached pages carry hashes instead of a nonce.
// Each with and without the language's segment (see above).
export const config = {
  matcher: [
    "/dashboard",
    "/dashboard/:path*",
    "/payment",
    "/login",
    "/register",
    "/signup",
    "/forgot-password",
    "/reset-password",
    "/verify-email",
    "/check-inbox",
    "/confirm-email",
    "/unsubscribe",
    "/:locale(en|es|de)/dashboard",
    "/:locale(en|es|de)/dashboard/:path*",
    "/:locale(en|es|de)/payment",
    "/:locale(en|es|de)/login",
    "/:locale(en|es|de)/register",
    "/:locale(en|es|de)/signup",
    "/:locale(en|es|de)/forgot-password",
    "/:locale(en|es|de)/reset-password",
    "/:locale(en|es|de)/verify-email",
    "/:locale(en|es|de)/check-inbox",
    "/:locale(en|es|de)/confirm-email",
    "/:locale(en|es|de)/unsubscribe",
  ],
};
