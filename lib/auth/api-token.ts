import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

// The token of POST /api/jwt: a compact HS256 JWT for one user id, valid one hour.
const TOKEN_LIFETIME_SECONDS = 60 * 60;
const ISSUER = "opinex-api";

const b64 = (value: string | Buffer) => Buffer.from(value).toString("base64url");

function sign(data: string): string {
  // A derived key, so the API token can never be confused with Auth.js's own session cookie.
  const key = createHmac("sha256", getEnv().AUTH_SECRET).update("opinex api token v1").digest();
  return createHmac("sha256", key).update(data).digest("base64url");
}

/**
 * `sessionVersion` is the person's session version when the token is issued (users.session_version):
 * ending every session raises it, and every token carrying an older one is refused from then on.
 * `sessionId` is the browser session that asked for it (its `user_sessions` row): the token lives only
 * as long as that session, so signing out of that browser ends it too.
 */
export function createApiToken(userId: string, now = Date.now(), sessionVersion = 0, sessionId: string | null = null): { token: string; expiresAt: Date } {
  const iat = Math.floor(now / 1000);
  const exp = iat + TOKEN_LIFETIME_SECONDS;
  const claims = { sub: userId, sv: sessionVersion, ...(sessionId && { sid: sessionId }), iss: ISSUER, iat, exp };
  const data = `${b64(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${b64(JSON.stringify(claims))}`;
  return { token: `${data}.${sign(data)}`, expiresAt: new Date(exp * 1000) };
}

export type TokenSubject = { userId: string; sessionVersion: number; sessionId?: string };

/** The user id, session version and browser session of a valid, unexpired token; null for anything else. */
export async function verifyApiToken(token: string, now = Date.now()): Promise<TokenSubject | null> {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 2048) return null;
  const [header, payload, signature] = parts;
  const expected = Buffer.from(sign(`${header}.${payload}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, "base64url").toString());
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    if (head?.alg !== "HS256" || claims?.iss !== ISSUER) return null;
    if (typeof claims.sub !== "string" || typeof claims.exp !== "number") return null;
    if (claims.exp * 1000 <= now) return null;
    // Tokens from before session versions carry none: version 0, every account's first.
    const sv = claims.sv ?? 0;
    if (!Number.isSafeInteger(sv)) return null;
    // Tokens from before sessions per device name no session: they live by the session version alone.
    if (claims.sid !== undefined && typeof claims.sid !== "string") return null;
    return { userId: claims.sub, sessionVersion: sv, ...(claims.sid !== undefined && { sessionId: claims.sid }) };
  } catch {
    return null;
  }
}
