// Signing in with a passkey through Auth.js (the login page's request), with a software authenticator
// whose assertions the server verifies for real: the session it opens, and everything it refuses.
import { and, eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as addRoute } from "@/app/api/me/passkeys/route";
import { POST as registrationOptionsRoute } from "@/app/api/me/passkeys/options/route";
import { POST as signInOptionsRoute } from "@/app/api/passkeys/sign-in-options/route";
import { GET as sessionsRoute } from "@/app/api/me/sessions/route";
import { deleteAccount, listSessions } from "@/lib/accounts/account";
import { purgeExpiredChallenges, relyingParty } from "@/lib/accounts/passkeys";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { metrics } from "@/lib/metrics.mjs";
import { passkeys, users, webauthnChallenges } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf, cookiesOf, csrf, SESSION_COOKIE, sessionCookieFor } from "@/tests/session-cookie";
import { assert, createPasskey, forgedChallenge, type SoftPasskey } from "@/tests/software-authenticator";
import { generateKeyPairSync } from "node:crypto";

const ORIGIN = "http://localhost:3000";
const SAFARI_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15";
let nextAddress = 1;
/** Each test its own client address: the passkey limits count per client. */
const freshAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

type RequestOptions = { challenge: string; rpId: string; allowCredentials?: unknown[]; userVerification?: string; timeout?: number };

async function signInOptions(address: string): Promise<RequestOptions> {
  const res = await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": address } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as RequestOptions;
}

/** A person with one passkey, added through the account page's routes. */
async function personWithPasskey(overrides: { passwordHash?: string } = {}) {
  const user = await createUser({ name: "Key Holder", ...overrides });
  const cookie = await sessionCookieFor(user);
  const options = await call(registrationOptionsRoute, { method: "POST", headers: { cookie } });
  const { response, passkey } = createPasskey(options.json as never, relyingParty().origin);
  const added = await call(addRoute, { method: "POST", headers: { cookie }, body: { response } });
  expect(added.status).toBe(201);
  return { user, passkey, passkeyId: (added.json as unknown as { passkey: { id: string } }).passkey.id };
}

/** The login page's request: `signIn("passkey", { response })`. Answers the outcome and the cookie header the browser then holds. */
async function postPasskey(response: unknown, address: string, userAgent = SAFARI_MAC) {
  const token = await csrf();
  const res = await authPost(
    new NextRequest(`${ORIGIN}/api/auth/callback/passkey`, {
      method: "POST",
      headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": address, "user-agent": userAgent },
      body: new URLSearchParams({ response: typeof response === "string" ? response : JSON.stringify(response), csrfToken: token.csrfToken, callbackUrl: "/" }),
    }),
  );
  const session = cookiesOf(res).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const url = res.status === 200 ? ((await res.clone().json()) as { url?: string }).url : undefined;
  return { status: res.status, url: url ? new URL(url) : null, cookie: session ? `${token.cookie}; ${session}` : null };
}

async function signInWith(passkey: SoftPasskey, address: string, overrides: Parameters<typeof assert>[3] = {}) {
  return postPasskey(assert(passkey, await signInOptions(address), relyingParty().origin, overrides), address);
}

async function passkeyRow(id: string) {
  const [row] = await (await getDb()).select().from(passkeys).where(eq(passkeys.id, id));
  return row;
}

const outcomes = async () => new Map((await metrics().signIns.get()).values.map((v) => [v.labels.outcome, v.value]));

describe("signing in with a passkey", () => {
  it("opens a session like a password's: listed on the account page, with the browser; the passkey's last use and counter move", async () => {
    const { user, passkey, passkeyId } = await personWithPasskey();
    const before = await outcomes();
    const address = freshAddress();
    const signed = await signInWith(passkey, address, { counter: 7 });
    expect(signed.url?.searchParams.get("error")).toBeNull();
    expect(signed.cookie).toBeTruthy();
    expect((await authSessionOf(signed.cookie!))?.user?.email).toBe(user.email);
    const { sessions } = await listSessions(user.id, null);
    expect(sessions).toMatchObject([{ browser: "Safari 17", os: "macOS Sonoma" }]);
    const listed = await call(sessionsRoute, { headers: { cookie: signed.cookie! } });
    expect((listed.json as unknown as { sessions: { current: boolean }[] }).sessions).toMatchObject([{ current: true }]);
    const row = await passkeyRow(passkeyId);
    expect(row.counter).toBe(7);
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect((await outcomes()).get("succeeded")).toBe((before.get("succeeded") ?? 0) + 1);

    // A counter that does not move on (a cloned authenticator) is refused; a larger one passes.
    expect((await signInWith(passkey, address, { counter: 7 })).cookie).toBeNull();
    expect((await signInWith(passkey, address, { counter: 3 })).cookie).toBeNull();
    expect((await signInWith(passkey, address, { counter: 8 })).cookie).toBeTruthy();
    expect((await passkeyRow(passkeyId)).counter).toBe(8);
  });

  it("an authenticator that does not count (counter 0) signs in again and again", async () => {
    const { passkey } = await personWithPasskey();
    const address = freshAddress();
    for (let i = 0; i < 3; i++) expect((await signInWith(passkey, address)).cookie).toBeTruthy();
  });

  it("refuses a replayed assertion, a forged or expired challenge, another site, a bad signature or user handle, a removed passkey", async () => {
    const { user, passkey, passkeyId } = await personWithPasskey();
    const address = freshAddress();
    const origin = relyingParty().origin;
    const before = await outcomes();

    const options = await signInOptions(address);
    const assertion = assert(passkey, options, origin);
    expect((await postPasskey(assertion, address)).cookie).toBeTruthy();
    const replay = await postPasskey(assertion, address);
    expect(replay.cookie).toBeNull();
    expect(replay.url?.searchParams.get("error")).toBe("CredentialsSignin");

    const refused: [string, unknown][] = [
      ["a challenge no one handed out", assert(passkey, { challenge: forgedChallenge() }, origin)],
      ["another origin", assert(passkey, await signInOptions(address), "https://evil.example")],
      ["another relying party", assert(passkey, await signInOptions(address), origin, { rpId: "evil.example" })],
      ["another key's signature", assert(passkey, await signInOptions(address), origin, { signWith: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey })],
      ["another account's user handle", assert(passkey, await signInOptions(address), origin, { userHandle: Buffer.from(crypto.randomUUID()).toString("base64url") })],
      ["not JSON", "{not json"],
      ["not an assertion", { id: "x" }],
      ["too long", JSON.stringify({ pad: "x".repeat(9000) })],
    ];
    for (const [label, response] of refused) {
      const res = await postPasskey(response, address);
      expect(res.cookie, label).toBeNull();
      expect(res.url?.searchParams.get("error"), label).toBe("CredentialsSignin");
    }
    // An expired challenge.
    const late = await signInOptions(address);
    await (await getDb()).update(webauthnChallenges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(webauthnChallenges.challenge, late.challenge));
    expect((await postPasskey(assert(passkey, late, origin), address)).cookie).toBeNull();
    // No user handle at all is fine (the credential names the account).
    expect((await signInWith(passkey, freshAddress(), { userHandle: null })).cookie).toBeTruthy();
    // Removed: it no longer signs in.
    await (await getDb()).delete(passkeys).where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, user.id)));
    expect((await signInWith(passkey, freshAddress())).cookie).toBeNull();
    expect((await outcomes()).get("failed")).toBeGreaterThanOrEqual((before.get("failed") ?? 0) + 11);
  });

  it("refuses a suspended account the way the password sign-in does (code=suspended), and a deleted one", async () => {
    const suspended = await personWithPasskey();
    await (await getDb()).update(users).set({ suspendedAt: new Date(), suspendedReason: "Spam" }).where(eq(users.id, suspended.user.id));
    const res = await signInWith(suspended.passkey, freshAddress());
    expect(res.cookie).toBeNull();
    expect(res.url?.searchParams.get("code")).toBe("suspended");

    const leaving = await personWithPasskey({ passwordHash: await hashPassword("right-password") });
    await deleteAccount({ id: leaving.user.id, sessionId: null }, { password: "right-password" }, freshAddress());
    const db = await getDb();
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, leaving.user.id))).toEqual([]);
    expect(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, leaving.user.id))).toEqual([]);
    expect((await signInWith(leaving.passkey, freshAddress())).cookie).toBeNull();
  });

  it("limits failed passkey sign-ins per client: 10 in 15 minutes, then too_many_attempts; a verified one gives its hit back", async () => {
    const { passkey } = await personWithPasskey();
    const address = freshAddress();
    // Verified sign-ins do not count.
    for (let i = 0; i < 12; i++) expect((await signInWith(passkey, address)).cookie).toBeTruthy();
    for (let i = 0; i < 10; i++) expect((await postPasskey("{not json", address)).url?.searchParams.get("code")).toBe("credentials");
    const throttled = await signInWith(passkey, address);
    expect(throttled.cookie).toBeNull();
    expect(throttled.url?.searchParams.get("code")).toBe("too_many_attempts");
    // Another client is not held back.
    expect((await signInWith(passkey, freshAddress())).cookie).toBeTruthy();
  });
});

describe("purgeExpiredChallenges", () => {
  it("deletes the expired challenges and keeps the live ones", async () => {
    const db = await getDb();
    const live = await signInOptions(freshAddress());
    const dead = await signInOptions(freshAddress());
    await db.update(webauthnChallenges).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(webauthnChallenges.challenge, dead.challenge));
    expect(await purgeExpiredChallenges()).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ challenge: webauthnChallenges.challenge }).from(webauthnChallenges)).map((r) => r.challenge);
    expect(left).toContain(live.challenge);
    expect(left).not.toContain(dead.challenge);
  });
});
