import "server-only";
import { createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { getDb } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { reserve } from "@/lib/limits/apply";
import { ALTCHA_MESSAGES, ALTCHA_PAYLOAD_MAX, type AltchaCode } from "@/lib/validation/altcha";
import { z } from "@/lib/validation/zod";
import { altchaUsed } from "@/models";

/**
 * The proof-of-work that registration, the contact form and forgot-password ask for (ALTCHA, PoW v2 with
 * altcha-lib on the server, the `altcha` widget in the browser). The challenge is signed with an HMAC key
 * and solved by the browser; a solution is checked with two HMACs (no key derivation) and accepted once.
 *
 * Difficulty: PBKDF2/SHA-256 with ALTCHA_COST iterations per attempt, and the server picks the counter the
 * solver must reach between ALTCHA_COUNTER_MIN and ALTCHA_COUNTER_MAX, so every solution costs that many
 * key derivations (about 30 ms in Node on the reference machine; `npm run bench` measures it).
 */
export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
export const ALTCHA_COST = 1_000;
export const ALTCHA_COUNTER_MIN = 50;
export const ALTCHA_COUNTER_MAX = 200;
/** How long a challenge may be solved and sent (its signed `expiresAt`). */
export const ALTCHA_EXPIRES_SECONDS = 10 * 60;

const refuse = (code: AltchaCode) => new ApiError(code, ALTCHA_MESSAGES[code], [{ path: "altcha", message: ALTCHA_MESSAGES[code] }]);

const hex = z.string().max(512).regex(/^[0-9a-f]+$/);
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(ALTCHA_ALGORITHM),
      nonce: hex,
      salt: hex,
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive(),
      keyPrefix: hex,
      keySignature: hex,
      expiresAt: z.number().int().positive(),
    }),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex, time: z.number().optional() }),
});

/**
 * The two HMAC keys: ALTCHA_HMAC_KEY if set (the same on every server), otherwise derived from
 * AUTH_SECRET under a label of their own, so a zero-config site works and no other signature of the
 * app can stand in for a challenge's. The derived-key signature uses a second label.
 */
let cachedKeys: { source: string; challenge: string; key: string } | undefined;
function hmacKeys() {
  const env = getEnv();
  const source = env.ALTCHA_HMAC_KEY ?? env.AUTH_SECRET;
  if (cachedKeys?.source === source) return cachedKeys;
  const label = (name: string) => createHmac("sha256", source).update(`opinex:altcha:${name}`).digest("hex");
  const root = env.ALTCHA_HMAC_KEY ?? label("root");
  cachedKeys = {
    source,
    challenge: createHmac("sha256", root).update("challenge-signature").digest("hex"),
    key: createHmac("sha256", root).update("derived-key-signature").digest("hex"),
  };
  return cachedKeys;
}

/** A new signed challenge for the widget (GET /api/altcha/challenge), limited per client (`challenge.client`). */
export async function issueAltchaChallenge(clientAddress: string): Promise<Challenge> {
  await reserve([["challenge.client", clientAddress]]);
  const keys = hmacKeys();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER_MAX, ALTCHA_COUNTER_MIN),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + ALTCHA_EXPIRES_SECONDS,
    hmacSignatureSecret: keys.challenge,
    hmacKeySignatureSecret: keys.key,
  });
}

/** The payload decoded and shaped like one of ours, or null: never throws. */
function decode(payload: string): z.infer<typeof payloadSchema> | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, "base64").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Checks a form's `altcha` payload and spends it: missing, malformed, wrongly signed, wrongly solved,
 * expired or already used is a 400 with its own code, before anything is created or sent. A solution is
 * recorded under its challenge's signature with the challenge's expiry; the primary key lets exactly
 * one of two simultaneous uses through, on any number of app servers.
 */
export async function verifyAltcha(payload: string | undefined): Promise<void> {
  if (payload === undefined || payload.trim() === "") throw refuse("altcha_required");
  if (payload.length > ALTCHA_PAYLOAD_MAX) throw refuse("altcha_invalid");
  const decoded = decode(payload.trim());
  if (!decoded) throw refuse("altcha_invalid");
  const keys = hmacKeys();
  let result;
  try {
    result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: keys.challenge,
      hmacKeySignatureSecret: keys.key,
    });
  } catch {
    throw refuse("altcha_invalid");
  }
  // The library reads the signed expiry before the signature: a forged, expired challenge is refused as
  // expired, which tells its sender nothing.
  if (result.expired) throw refuse("altcha_expired");
  if (!result.verified) throw refuse("altcha_invalid");
  const db = await getDb();
  const stored = await db
    .insert(altchaUsed)
    .values({ challengeId: decoded.challenge.signature, expiresAt: new Date(decoded.challenge.parameters.expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ id: altchaUsed.challengeId });
  if (stored.length === 0) throw refuse("altcha_replayed");
}

/** Deletes the used solutions whose challenges have expired (they are refused as expired from then on). */
export async function purgeExpiredAltcha(): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(altchaUsed).where(lt(altchaUsed.expiresAt, new Date())).returning({ id: altchaUsed.challengeId });
  return deleted.length;
}
