// Passkeys (WebAuthn, with @simplewebauthn/server): adding, naming and removing them on the account page,
// signing in with one, and asking a signed-in person (or one past their password) for one as their
// second factor (lib/accounts/second-factor.ts says what counts as one). The relying party is the site's own host from AUTH_URL, so a passkey made
// here works only on this site's address. Every ceremony's challenge is a row of webauthn_challenges,
// deleted by the first response that names it: a response cannot be replayed, and one made for
// another purpose, another person or after its few minutes is refused.
import "server-only";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { COSEALG, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { z } from "@/lib/validation/zod";
import { and, asc, count, eq, isNull, lt, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { describeUserAgent } from "@/lib/accounts/user-agent";
import { queueSecurityNotice } from "@/lib/accounts/security-notices";
import { dropRecoveryCodesWithoutFactor } from "@/lib/accounts/second-factor";
import { getDb } from "@/lib/db";
import { dayIn, formatDate } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { release, reserve } from "@/lib/limits/apply";
import { recordAudit } from "@/lib/moderation/audit";
import { passkeys, users, webauthnChallenges, type Passkey, type WebauthnPurpose } from "@/models";
import {
  ASSERTION_MAX,
  authenticationResponseSchema,
  PASSKEY_NAME_MAX,
  PASSKEYS_MAX,
  type AddPasskeyInput,
  type PasskeyJson,
} from "./passkey-schema";

export const RP_NAME = "OPINEX";
/** How long a browser has to answer a challenge. */
export const CHALLENGE_MINUTES = 5;
const CHALLENGE_MS = CHALLENGE_MINUTES * 60 * 1000;
// The keys passkeys are made with in practice; named rather than probed from the runtime, which
// would also offer algorithms Node still calls experimental.
const ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

/** The relying party: the host of AUTH_URL (no port, no scheme) and the origin the browser must report. */
export function relyingParty(): { id: string; origin: string; name: string } {
  const env = getEnv();
  const url = new URL(env.AUTH_URL ?? `http://localhost:${env.PORT}`);
  return { id: url.hostname, origin: url.origin, name: RP_NAME };
}

// ---- refusals: the person is told what to do, never which check failed

const PASSKEY_NOT_VALID = "This passkey response is not valid. Please try again.";
const CHALLENGE_GONE = "This passkey request has expired or was already used. Please try again.";
const NOT_VERIFIED = "This passkey could not be verified. Please try again.";
export const PASSKEY_TAKEN = "This passkey is already registered.";
export const TOO_MANY_PASSKEYS = `An account can have at most ${PASSKEYS_MAX} passkeys. Remove one before adding another.`;

const badRequest = (message: string) => new ApiError("bad_request", message, [{ path: "response", message }]);

/** The challenge a response was made for, read from its clientDataJSON; null when there is none. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === "string" && data.challenge.length > 0 && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

async function storeChallenge(challenge: string, purpose: WebauthnPurpose, userId: string | null) {
  const db = await getDb();
  const expiresAt = sql`now() + make_interval(mins => ${CHALLENGE_MINUTES})`;
  await db.transaction(async (tx) => {
    // One outstanding registration per person: asking again replaces the one before.
    if (userId) await tx.delete(webauthnChallenges).where(and(eq(webauthnChallenges.userId, userId), eq(webauthnChallenges.purpose, purpose)));
    await tx.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt });
  });
}

/**
 * Uses a challenge up: deletes its row and answers whether it was there, unexpired, for this purpose
 * (and person). A second response with the same challenge finds nothing.
 */
async function consumeChallenge(challenge: string, purpose: WebauthnPurpose, userId: string | null): Promise<boolean> {
  const db = await getDb();
  const used = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId ? eq(webauthnChallenges.userId, userId) : isNull(webauthnChallenges.userId),
      ),
    )
    .returning({ fresh: sql<boolean>`${webauthnChallenges.expiresAt} > now()` });
  return used[0]?.fresh === true;
}

/** Deletes the challenges no browser can answer any more. Run by the `passkeys.purgeChallenges` job. */
export async function purgeExpiredChallenges(): Promise<number> {
  const db = await getDb();
  const deleted = await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`)).returning({ id: webauthnChallenges.id });
  return deleted.length;
}

// ---- the account page's list

const viewColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
  deviceType: passkeys.deviceType,
  backedUp: passkeys.backedUp,
};
type PasskeyRow = Pick<Passkey, keyof typeof viewColumns>;

export function toPasskeyJson(row: PasskeyRow): PasskeyJson {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    deviceType: row.deviceType === "multiDevice" ? "multiDevice" : "singleDevice",
    backedUp: row.backedUp,
  };
}

/** The person's passkeys, oldest first (never the public keys). */
export async function listPasskeys(userId: string): Promise<PasskeyRow[]> {
  const db = await getDb();
  return db.select(viewColumns).from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

/** Renames one of the person's passkeys; any other id is 404. */
export async function renamePasskey(userId: string, passkeyId: string, name: string): Promise<PasskeyRow> {
  const db = await getDb();
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning(viewColumns);
  if (!row) throw notFound("No such passkey");
  return row;
}

/**
 * Removes one of the person's passkeys (it no longer signs in); any other id is 404. When it was the
 * account's last second factor, the recovery codes go with it, and the removal is audited and mailed.
 */
export async function deletePasskey(userId: string, passkeyId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (deleted.length === 0) throw notFound("No such passkey");
    if (await dropRecoveryCodesWithoutFactor(tx, userId)) return;
    await recordAudit(tx, { actorId: userId, action: "second_factor_remove", targetUserId: userId, oldValue: "passkey" });
    const [person] = await tx.select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale }).from(users).where(eq(users.id, userId));
    if (person) await queueSecurityNotice(tx, person, { what: "last_passkey_removed" });
  });
}

// ---- adding a passkey (the signed-in person, on the account page)

/**
 * The options for the browser's `navigator.credentials.create()`: a discoverable credential (so it
 * signs in without an email typed), for this person, excluding the authenticators they already have
 * here. The challenge is kept for CHALLENGE_MINUTES.
 */
export async function registrationOptions(user: { id: string; email: string; name: string | null }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const db = await getDb();
  const existing = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  if (existing.length >= PASSKEYS_MAX) throw new ApiError("conflict", TOO_MANY_PASSKEYS);
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    // The user handle an authenticator returns at sign-in: the account's id.
    userID: new TextEncoder().encode(user.id),
    timeout: CHALLENGE_MS,
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(options.challenge, "register", user.id);
  return options;
}

/** The name a passkey gets when the person gives none: where it was added, and when. */
function defaultName(userAgent: string | null): string {
  const { os } = describeUserAgent(userAgent);
  const day = formatDate(dayIn(getEnv().APP_TIME_ZONE));
  const name = os === "Unknown system" ? `Passkey (${day})` : `Passkey on ${os} (${day})`;
  return name.slice(0, PASSKEY_NAME_MAX);
}

/**
 * Verifies the browser's answer to this person's registration challenge and stores the passkey, audited
 * and mailed (a passkey signs in on its own: the person must hear of a new one). 400 for a response
 * that is malformed, for another challenge, expired or already used, or that does not verify; 409
 * past PASSKEYS_MAX or for a credential already registered. Nothing is stored then.
 */
export async function addPasskey(userId: string, input: AddPasskeyInput, userAgent: string | null): Promise<PasskeyRow> {
  const challenge = challengeOf(input.response.response.clientDataJSON);
  if (!challenge) throw badRequest(PASSKEY_NOT_VALID);
  if (!(await consumeChallenge(challenge, "register", userId))) throw badRequest(CHALLENGE_GONE);
  const rp = relyingParty();
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // "preferred": an authenticator without a PIN or biometrics still counts as something the person holds.
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!verification.verified) throw badRequest(NOT_VERIFIED);
    info = verification.registrationInfo;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw badRequest(NOT_VERIFIED);
  }
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      // The person's row is locked so two additions at once cannot pass the limit together.
      const [owner] = await tx
        .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .for("update");
      if (!owner) throw notFound("No such account");
      const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      if ((held?.n ?? 0) >= PASSKEYS_MAX) throw new ApiError("conflict", TOO_MANY_PASSKEYS);
      const [row] = await tx
        .insert(passkeys)
        .values({
          userId,
          credentialId: info.credential.id,
          publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
          counter: info.credential.counter,
          transports: (input.response.response.transports ?? []).slice(0, 10),
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          name: input.name ?? defaultName(userAgent),
        })
        .returning(viewColumns);
      await recordAudit(tx, { actorId: userId, action: "passkey_add", targetUserId: userId });
      await queueSecurityNotice(tx, owner, { what: "passkey_added" });
      return row;
    });
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    if (e?.code === "23505" || e?.cause?.code === "23505") throw new ApiError("conflict", PASSKEY_TAKEN);
    throw error;
  }
}

// ---- signing in with a passkey (anyone, on the login page)

/**
 * The options for the browser's `navigator.credentials.get()`: no credentials listed (the browser
 * offers the passkeys it holds for this site, in its autofill or its own dialog). Limited per client
 * (`passkeyChallenge.client`).
 */
export async function signInOptions(clientAddress: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  await reserve([["passkeyChallenge.client", clientAddress]]);
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "preferred", timeout: CHALLENGE_MS });
  await storeChallenge(options.challenge, "sign_in", null);
  return options;
}

export type PasskeyUser = { id: string; name: string | null; email: string; image: string | null; suspendedAt: Date | null };
type Assertion = z.infer<typeof authenticationResponseSchema>;

/** A browser's assertion, as its JSON text (a form field) or as parsed JSON; null when it is none. */
function parseAssertion(response: unknown): Assertion | null {
  let raw = response;
  if (typeof response === "string") {
    if (response.length > ASSERTION_MAX) return null;
    try {
      raw = JSON.parse(response);
    } catch {
      return null;
    }
  }
  const parsed = authenticationResponseSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The account an assertion proves, its challenge already used up: the passkey it names (of `userId`
 * only, when given) on an account not deleted, the user handle its authenticator returns, the
 * signature, and a counter that only moves forwards (then stored, with its last use). Null for
 * anything else.
 */
async function verifiedAssertion(response: Assertion, challenge: string, userId?: string): Promise<PasskeyUser | null> {
  const db = await getDb();
  const [found] = await db
    .select({
      passkeyId: passkeys.id,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      user: { id: users.id, name: users.name, email: users.email, image: users.image, suspendedAt: users.suspendedAt },
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), isNull(users.deletedAt), userId ? eq(passkeys.userId, userId) : undefined));
  if (!found) return null;
  // The authenticator names the account it made this passkey for: it must be the passkey's.
  if (response.response.userHandle !== undefined) {
    let handle: string | null = null;
    try {
      handle = isoBase64URL.toUTF8String(response.response.userHandle);
    } catch {
      handle = null;
    }
    if (handle !== found.user.id) return null;
  }
  const rp = relyingParty();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: response.id, publicKey: isoBase64URL.toBuffer(found.publicKey), counter: found.counter, transports: found.transports },
      requireUserVerification: false,
    });
  } catch {
    return null;
  }
  if (!verified.verified) return null;
  const { newCounter, credentialBackedUp } = verified.authenticationInfo;
  // Only forwards: two sign-ins racing cannot set the counter back.
  const bumped = await db
    .update(passkeys)
    .set({ counter: newCounter, backedUp: credentialBackedUp, lastUsedAt: sql`now()` })
    .where(and(eq(passkeys.id, found.passkeyId), newCounter > 0 ? lt(passkeys.counter, newCounter) : eq(passkeys.counter, 0)))
    .returning({ id: passkeys.id });
  return bumped.length === 0 ? null : found.user;
}

/**
 * Checks a sign-in with a passkey: `responseJson` is the JSON of the browser's assertion. Answers the
 * account it signs in, or null for anything that does not verify (malformed, an unknown or removed
 * passkey, a challenge not ours, expired or used, a bad signature, a counter gone backwards). A
 * suspended account is answered with its `suspendedAt` for the caller to refuse, as a password's is;
 * a deleted one has no passkeys left.
 *
 * Each attempt reserves `signIn.site` (kept) and `passkeySignIn.client` (given back when it verifies)
 * before any work: 429 past either.
 */
export async function signInWithPasskey(responseJson: unknown, clientAddress: string): Promise<PasskeyUser | null> {
  const held = await reserve([["signIn.site"], ["passkeySignIn.client", clientAddress]]);
  if (typeof responseJson !== "string") return null;
  const response = parseAssertion(responseJson);
  if (!response) return null;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge || !(await consumeChallenge(challenge, "sign_in", null))) return null;
  const user = await verifiedAssertion(response, challenge);
  if (!user) return null;
  await release(held, ["passkeySignIn.client"]);
  return user;
}

// ---- a passkey as a second factor (a signed-in person's step-up, or a sign-in past its first factor)

/**
 * The options for `navigator.credentials.get()` asking this person for one of their own passkeys: the
 * challenge is theirs, for the `second_factor` purpose (asking again replaces it). 409 without a passkey.
 */
export async function secondFactorOptions(userId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const db = await getDb();
  const own = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (own.length === 0) throw new ApiError("conflict", "This account has no passkey.");
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: own.map((c) => ({ id: c.id, transports: c.transports })),
    userVerification: "preferred",
    timeout: CHALLENGE_MS,
  });
  await storeChallenge(options.challenge, "second_factor", userId);
  return options;
}

/**
 * Whether an assertion (its JSON text, or parsed) proves one of this person's passkeys. Its challenge
 * is theirs (`secondFactorOptions`) or a sign-in challenge not yet bound to anyone (the login page asks
 * for one before it knows who signs in); either is used up. Does not throttle: the caller counts
 * wrong ones.
 */
export async function verifyPasskeyFor(userId: string, responseJson: unknown): Promise<boolean> {
  const response = parseAssertion(responseJson);
  if (!response) return false;
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return false;
  const fresh = (await consumeChallenge(challenge, "second_factor", userId)) || (await consumeChallenge(challenge, "sign_in", null));
  if (!fresh) return false;
  return (await verifiedAssertion(response, challenge, userId)) !== null;
}
