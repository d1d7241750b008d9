// A real Auth.js session cookie for a user, as the browser holds it after signing in; and signing in
// through Auth.js's own endpoints, as the login form does.
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";

export const SESSION_COOKIE = "authjs.session-token";
const ORIGIN = "http://localhost:3000";

/** A cookie without a session row (`sid`), as issued before sessions per device; `claims` adds to it. */
export async function sessionCookieFor(user: { id: string }, maxAgeSeconds = 60 * 60, claims: Record<string, unknown> = {}): Promise<string> {
  const value = await encode({ token: { sub: user.id, ...claims }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE, maxAge: maxAgeSeconds });
  return `${SESSION_COOKIE}=${value}`;
}

export const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

export async function csrf(cookie = "") {
  const res = await authGet(new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { cookie } }));
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return { csrfToken, cookie: [cookie, ...cookiesOf(res)].filter(Boolean).join("; ") };
}

type SignInOptions = { userAgent?: string; address?: string; fields?: Record<string, string> };

/**
 * The login form's requests: its CSRF token, then the credentials (with `fields`: a second factor's
 * `code` or `passkey`); answers Auth.js's response and the cookie header sent.
 */
export async function postCredentials(email: string, password: string, options: SignInOptions = {}) {
  return postToProvider("credentials", { email, password, ...options.fields }, options);
}

/** A sign-in form's requests to the Auth.js Credentials provider `provider` with `fields`. */
export async function postToProvider(provider: string, fields: Record<string, string>, options: SignInOptions = {}) {
  const token = await csrf();
  const response = await authPost(
    new NextRequest(`${ORIGIN}/api/auth/callback/${provider}`, {
      method: "POST",
      headers: {
        cookie: token.cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-auth-return-redirect": "1",
        "x-forwarded-for": options.address ?? "10.40.0.1",
        ...(options.userAgent && { "user-agent": options.userAgent }),
      },
      body: new URLSearchParams({ ...fields, csrfToken: token.csrfToken, callbackUrl: "/" }),
    }),
  );
  return { response, cookie: token.cookie };
}

/** Signs in with the login form's requests; answers the cookie header the browser then holds (null if refused). */
export async function signInWithPassword(email: string, password: string, options: SignInOptions = {}): Promise<string | null> {
  const { response, cookie } = await postCredentials(email, password, options);
  const session = cookiesOf(response).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  return session ? `${cookie}; ${session}` : null;
}

/** A form POST to an Auth.js endpoint whose body arrives as a stream, in chunks, as a slow or endless client sends it. */
export function postStreamToAuth(path: string, body: ReadableStream<Uint8Array>) {
  return authPost(
    new NextRequest(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]),
  );
}

/** What /api/auth/session answers for a cookie (null when signed out). */
export async function authSessionOf(cookie: string) {
  const res = await authGet(new NextRequest(`${ORIGIN}/api/auth/session`, { headers: { cookie } }));
  return res.json() as Promise<{ user?: { id?: string; email?: string } } | null>;
}

/** Signs out the way the browser does (CSRF token, then POST /api/auth/signout). */
export async function signOutWith(cookie: string) {
  const token = await csrf(cookie);
  return authPost(
    new NextRequest(`${ORIGIN}/api/auth/signout`, {
      method: "POST",
      headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
      body: new URLSearchParams({ csrfToken: token.csrfToken, callbackUrl: "/" }),
    }),
  );
}
