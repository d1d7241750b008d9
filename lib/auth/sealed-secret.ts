// Secrets the server must read back (an authenticator app's TOTP secret, a webhook's signing secret),
// kept encrypted at rest: AES-256-GCM under a key derived from AUTH_SECRET by HKDF, one key per purpose
// (its `info` label), so a value sealed for one purpose never opens as another. Rotating AUTH_SECRET
// makes every sealed value unreadable. Secrets that are only ever compared are hashed instead.
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";

/** A 32-byte key derived from AUTH_SECRET for one purpose (`info`, e.g. "opinex totp secret v1"). */
export const derivedKey = (info: string) => Buffer.from(hkdfSync("sha256", getEnv().AUTH_SECRET, "", info, 32));

/**
 * `secret` as stored: `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM under the purpose's key.
 * `boundTo` (the owning row's account or id) is the associated data, so a value copied into another
 * row does not open.
 */
export function sealSecret(secret: string, purpose: string, boundTo: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey(purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret back; null for a value that does not open (another AUTH_SECRET, purpose or row, or altered). */
export function openSealedSecret(stored: string, purpose: string, boundTo: string): string | null {
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", derivedKey(purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
