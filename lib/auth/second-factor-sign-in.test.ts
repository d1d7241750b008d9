// Signing in to an account with a second factor, through Auth.js's own endpoints as the login page
// does: a right password alone is not enough, a code (the authenticator app's or a recovery code) or a
// passkey completes it, a replayed or wrong code is refused and counted as a wrong password is, and a
// Google sign-in waits on a ticket for its second factor.
import { and, eq, isNotNull } from "drizzle-orm";
import { generate, generateSecret } from "otplib";
import { describe, expect, it } from "vitest";
import { POST as signInOptionsRoute } from "@/app/api/passkeys/sign-in-options/route";
import { POST as addPasskeyRoute } from "@/app/api/me/passkeys/route";
import { POST as registrationOptionsRoute } from "@/app/api/me/passkeys/options/route";
import { beginTotp, confirmTotp, encryptTotpSecret } from "@/lib/accounts/second-factor";
import { relyingParty } from "@/lib/accounts/passkeys";
import { hashPassword } from "@/lib/auth/password";
import { callbackPathOfRequest, issueSecondFactorTicket } from "@/lib/auth/second-factor-sign-in";
import { getDb } from "@/lib/db";
import { recoveryCodes, secondFactorTickets, totpFactors, userSessions } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { cookiesOf, postCredentials, postToProvider, SESSION_COOKIE, sessionCookieFor } from "@/tests/session-cookie";
import { assert, createPasskey } from "@/tests/software-authenticator";

const PASSWORD = "right-password-1";
let nextAddress = 1;
/** Each attempt its own client address unless a test says otherwise: the limits count per client too. */
const freshAddress = () => `10.61.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A person with a password and a confirmed authenticator app whose secret the test holds. */
async function personWithApp() {
  const user = await createUser({ passwordHash: await hashPassword(PASSWORD) });
  const secret = generateSecret();
  const db = await getDb();
  await db.insert(totpFactors).values({ userId: user.id, secret: encryptTotpSecret(secret, user.id), confirmedAt: new Date() });
  return { user, secret };
}

/** The app's code for the step `steps` away from now. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * What the sign-in answered: the session cookie, or the refusal's code (the login page's `?code=`; a
 * request the limits refuse before Auth.js is answered 429 with the API's error body).
 */
async function outcome(result: Awaited<ReturnType<typeof postCredentials>>) {
  const session = cookiesOf(result.response).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const body = (await result.response.clone().json()) as { url?: string; error?: { code: string } };
  return { session: session ?? null, code: body.url ? new URL(body.url).searchParams.get("code") : `${result.response.status} ${body.error?.code}` };
}

async function sessionsOf(userId: string) {
  const db = await getDb();
  return db.select().from(userSessions).where(eq(userSessions.userId, userId));
}

describe("signing in with a password and a second factor", () => {
  it("an account without a second factor signs in with its password alone, and its session says so", async () => {
    const user = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    const result = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress() }));
    expect(result.session).not.toBeNull();
    const [session] = await sessionsOf(user.id);
    expect(session).toMatchObject({ signInMethod: "password", secondFactorAt: null });
  });

  it("a right password alone is answered second_factor, with no session; a code from the app completes it", async () => {
    const { user, secret } = await personWithApp();
    const asked = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress() }));
    expect(asked).toEqual({ session: null, code: "second_factor" });
    expect(await sessionsOf(user.id)).toHaveLength(0);

    const done = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: await codeOf(secret) } }));
    expect(done.session).not.toBeNull();
    const [session] = await sessionsOf(user.id);
    expect(session.signInMethod).toBe("password+totp");
    expect(Date.now() - session.secondFactorAt!.getTime()).toBeLessThan(60_000);
  });

  it("a wrong password with a right code is still a wrong password: no word about the second factor", async () => {
    const { user, secret } = await personWithApp();
    const result = await outcome(await postCredentials(user.email, "wrong-password", { address: freshAddress(), fields: { code: await codeOf(secret) } }));
    expect(result).toEqual({ session: null, code: "credentials" });
  });

  it("a code is accepted once: the same code again is refused, the next step's is not", async () => {
    const { user, secret } = await personWithApp();
    const code = await codeOf(secret);
    expect((await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code } }))).session).not.toBeNull();
    expect(await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code } }))).toEqual({ session: null, code: "second_factor" });
    // A phone one step ahead: its code is still accepted, and it is a newer step than the one used.
    expect((await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: await codeOf(secret, 1) } }))).session).not.toBeNull();
  });

  it("a code one step behind is accepted, two steps behind or ahead refused", async () => {
    const behind = await personWithApp();
    expect((await outcome(await postCredentials(behind.user.email, PASSWORD, { address: freshAddress(), fields: { code: await codeOf(behind.secret, -1) } }))).session).not.toBeNull();
    const far = await personWithApp();
    for (const steps of [-2, 2]) {
      const result = await outcome(await postCredentials(far.user.email, PASSWORD, { address: freshAddress(), fields: { code: await codeOf(far.secret, steps) } }));
      expect(result, `${steps} steps`).toEqual({ session: null, code: "second_factor" });
    }
  });

  it("a recovery code signs in once (typed in any case), and its use is recorded", async () => {
    const user = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    // Set up as the account page does: the secret shown, confirmed by a code, ten recovery codes.
    const { secret } = await beginTotp(user);
    const { recoveryCodes: codes } = await confirmTotp(user, await codeOf(secret));
    expect(codes).toHaveLength(10);
    const first = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: codes[3].toUpperCase() } }));
    expect(first.session).not.toBeNull();
    expect((await sessionsOf(user.id))[0].signInMethod).toBe("password+recovery_code");
    const db = await getDb();
    const used = await db.select().from(recoveryCodes).where(and(eq(recoveryCodes.userId, user.id), isNotNull(recoveryCodes.usedAt)));
    expect(used).toHaveLength(1);
    expect(await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: codes[3] } }))).toEqual({ session: null, code: "second_factor" });
  });

  it("wrong codes count against the account's sign-in limit like wrong passwords: past it, even the right code waits", async () => {
    const { user, secret } = await personWithApp();
    for (let i = 0; i < 10; i++) {
      const result = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: String(100000 + i) } }));
      expect(result.code).toBe("second_factor");
    }
    const refused = await outcome(await postCredentials(user.email, PASSWORD, { address: freshAddress(), fields: { code: await codeOf(secret) } }));
    expect(refused).toEqual({ session: null, code: "429 too_many_requests" });
  });

  it("asking for the code is not a failure: a right password without it, many times, never locks the account", async () => {
    const { user, secret } = await personWithApp();
    const address = freshAddress();
    for (let i = 0; i < 12; i++) expect((await outcome(await postCredentials(user.email, PASSWORD, { address }))).code).toBe("second_factor");
    expect((await outcome(await postCredentials(user.email, PASSWORD, { address, fields: { code: await codeOf(secret) } }))).session).not.toBeNull();
  });

  it("a password and a passkey count as two factors; someone else's passkey does not", async () => {
    const holder = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    const other = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    const passkeyOf = async (user: { id: string }) => {
      const cookie = await sessionCookieFor(user);
      const options = await call(registrationOptionsRoute, { method: "POST", headers: { cookie } });
      const { response, passkey } = createPasskey(options.json as never, relyingParty().origin);
      expect((await call(addPasskeyRoute, { method: "POST", headers: { cookie }, body: { response } })).status).toBe(201);
      return passkey;
    };
    const mine = await passkeyOf(holder);
    const theirs = await passkeyOf(other);
    const assertion = async (passkey: typeof mine) => {
      const options = await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": freshAddress() } });
      return JSON.stringify(assert(passkey, options.json as never, relyingParty().origin));
    };

    expect((await outcome(await postCredentials(holder.email, PASSWORD, { address: freshAddress() }))).code).toBe("second_factor");
    const wrong = await outcome(await postCredentials(holder.email, PASSWORD, { address: freshAddress(), fields: { passkey: await assertion(theirs) } }));
    expect(wrong).toEqual({ session: null, code: "second_factor" });
    const right = await outcome(await postCredentials(holder.email, PASSWORD, { address: freshAddress(), fields: { passkey: await assertion(mine) } }));
    expect(right.session).not.toBeNull();
    expect((await sessionsOf(holder.id))[0].signInMethod).toBe("password+passkey");
  });
});

describe("the second step of a Google sign-in", () => {
  it("a ticket and a code sign in; the ticket is then used up, a wrong code leaves it usable", async () => {
    const { user, secret } = await personWithApp();
    const ticket = await issueSecondFactorTicket(user.id, "google");
    const wrong = await outcome(await postToProvider("second-factor", { ticket, code: "000000" }, { address: freshAddress() }));
    expect(wrong).toEqual({ session: null, code: "second_factor" });
    const missing = await outcome(await postToProvider("second-factor", { ticket }, { address: freshAddress() }));
    expect(missing).toEqual({ session: null, code: "second_factor" });
    const done = await outcome(await postToProvider("second-factor", { ticket, code: await codeOf(secret) }, { address: freshAddress() }));
    expect(done.session).not.toBeNull();
    expect((await sessionsOf(user.id))[0].signInMethod).toBe("google+totp");
    const again = await outcome(await postToProvider("second-factor", { ticket, code: await codeOf(secret, 1) }, { address: freshAddress() }));
    expect(again).toEqual({ session: null, code: "ticket_expired" });
  });

  it("an unknown, malformed or expired ticket signs no one in", async () => {
    const { user, secret } = await personWithApp();
    const ticket = await issueSecondFactorTicket(user.id, "google");
    const db = await getDb();
    await db.update(secondFactorTickets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(secondFactorTickets.userId, user.id));
    for (const value of [ticket, "x".repeat(43), "short", ""]) {
      const result = await outcome(await postToProvider("second-factor", { ticket: value, code: await codeOf(secret) }, { address: freshAddress() }));
      expect(result, value).toEqual({ session: null, code: "ticket_expired" });
    }
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("where the sign-in was going is read from Auth.js's callback cookie, as a path", () => {
    const request = (cookie: string) => new Request("http://localhost:3000/api/auth/callback/google", { headers: { cookie } });
    expect(callbackPathOfRequest(request(`authjs.callback-url=${encodeURIComponent("http://localhost:3000/survey/details/abc?vote=yes")}`))).toBe("/survey/details/abc?vote=yes");
    expect(callbackPathOfRequest(request("other=1"))).toBeNull();
    expect(callbackPathOfRequest(undefined)).toBeNull();
  });
});
