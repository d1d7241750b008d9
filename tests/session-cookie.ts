// A real Auth.js session cookie for a user, as the browser holds it after signing in.
import { encode } from "next-auth/jwt";

export const SESSION_COOKIE = "authjs.session-token";

export async function sessionCookieFor(user: { id: string }, maxAgeSeconds = 60 * 60): Promise<string> {
  const value = await encode({ token: { sub: user.id }, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE, maxAge: maxAgeSeconds });
  return `${SESSION_COOKIE}=${value}`;
}
