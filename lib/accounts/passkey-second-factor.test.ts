// Passkeys as a second factor, with a software authenticator whose assertions the server verifies for
// real: the step-up through POST /api/me/second-factor/verify, the challenges it accepts, and what
// adding and removing passkeys now audit and mail.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as regenerate } from "@/app/api/me/second-factor/recovery-codes/route";
import { POST as passkeyOptions } from "@/app/api/me/second-factor/passkey-options/route";
import { POST as verify } from "@/app/api/me/second-factor/verify/route";
import { DELETE as removePasskey } from "@/app/api/me/passkeys/[id]/route";
import { POST as registrationOptionsRoute } from "@/app/api/me/passkeys/options/route";
import { POST as addRoute } from "@/app/api/me/passkeys/route";
import { POST as signInOptionsRoute } from "@/app/api/passkeys/sign-in-options/route";
import { relyingParty, verifyPasskeyFor } from "@/lib/accounts/passkeys";
import { hasSecondFactor, secondFactorStatus } from "@/lib/accounts/second-factor";
import { getDb } from "@/lib/db";
import { auditEvents, mailOutbox, passkeys, recoveryCodes, userSessions, webauthnChallenges } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor } from "@/tests/session-cookie";
import { assert, createPasskey } from "@/tests/software-authenticator";

type RequestOptions = { challenge: string; rpId: string; allowCredentials?: { id: string; type: string }[] };
let nextAddress = 1;
const freshAddress = () => `10.78.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A person signed in in a browser with a session row, holding one passkey added through the account page. */
async function personWithPasskey() {
  const user = await createUser({ name: "Key Factor" });
  const db = await getDb();
  const [session] = await db.insert(userSessions).values({ userId: user.id }).returning();
  const cookie = await sessionCookieFor(user, 3600, { sid: session.id });
  const options = await call(registrationOptionsRoute, { method: "POST", headers: { cookie } });
  const { response, passkey } = createPasskey(options.json as never, relyingParty().origin);
  const added = await call(addRoute, { method: "POST", headers: { cookie }, body: { response } });
  expect(added.status).toBe(201);
  return { user, session, cookie, passkey, passkeyId: (added.json as unknown as { passkey: { id: string } }).passkey.id };
}

async function stepUpOptions(cookie: string): Promise<RequestOptions> {
  const res = await call(passkeyOptions, { method: "POST", headers: { cookie } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as RequestOptions;
}

const prove = (cookie: string, response: unknown) => call(verify, { method: "POST", headers: { cookie }, body: { response } });
const auditOf = async (userId: string) => (await getDb()).select({ action: auditEvents.action, oldValue: auditEvents.oldValue }).from(auditEvents).where(eq(auditEvents.targetUserId, userId)).orderBy(auditEvents.createdAt, auditEvents.id);
const subjectsOf = async (userId: string) => (await (await getDb()).select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(mailOutbox.createdAt, mailOutbox.id)).map((m) => m.subject);

describe("a passkey as a second factor", () => {
  it("adding one is a second factor, audited and mailed", async () => {
    const { user } = await personWithPasskey();
    expect(await hasSecondFactor(user.id)).toBe(true);
    expect(await secondFactorStatus(user)).toEqual({ enabled: true, required: false, totp: false, totpSince: null, passkeys: 1, recoveryCodesLeft: 0 });
    expect(await auditOf(user.id)).toEqual([{ action: "passkey_add", oldValue: null }]);
    expect(await subjectsOf(user.id)).toEqual(["A passkey was added to your account"]);
  });

  it("the options list the person's passkeys; the assertion proves this session's second factor, once", async () => {
    const { user, session, cookie, passkey, passkeyId } = await personWithPasskey();
    const options = await stepUpOptions(cookie);
    const [row] = await (await getDb()).select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([row.credentialId]);
    const [challenge] = await (await getDb()).select().from(webauthnChallenges).where(eq(webauthnChallenges.challenge, options.challenge));
    expect([challenge.purpose, challenge.userId]).toEqual(["second_factor", user.id]);

    const response = assert(passkey, options, relyingParty().origin, { counter: 3 });
    const proved = await prove(cookie, response);
    expect(proved.status, JSON.stringify(proved.json)).toBe(200);
    const [after] = await (await getDb()).select().from(userSessions).where(eq(userSessions.id, session.id));
    expect((proved.json as { secondFactorAt: string }).secondFactorAt).toBe(after.secondFactorAt!.toISOString());
    const [used] = await (await getDb()).select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect([used.counter, used.lastUsedAt]).toEqual([3, expect.any(Date)]);

    // Replayed: its challenge is used up.
    expect((await prove(cookie, response)).status).toBe(400);
  });

  it("a sign-in challenge (the login page's, bound to no one) is accepted too, as JSON text", async () => {
    const { user, passkey, cookie } = await personWithPasskey();
    const res = await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": freshAddress() } });
    const options = res.json as unknown as RequestOptions;
    const response = JSON.stringify(assert(passkey, options, relyingParty().origin));
    expect(await verifyPasskeyFor(user.id, response)).toBe(true);
    expect(await verifyPasskeyFor(user.id, response)).toBe(false);
    // Through the route, with a new one.
    const again = (await call(signInOptionsRoute, { method: "POST", headers: { "x-forwarded-for": freshAddress() } })).json as unknown as RequestOptions;
    expect((await prove(cookie, JSON.stringify(assert(passkey, again, relyingParty().origin)))).status).toBe(200);
  });

  it("refuses another person's passkey, another person's challenge, and a challenge for another purpose", async () => {
    const me = await personWithPasskey();
    const them = await personWithPasskey();
    const origin = relyingParty().origin;

    // Their passkey answering my challenge: not mine.
    expect((await prove(me.cookie, assert(them.passkey, await stepUpOptions(me.cookie), origin))).status).toBe(400);
    // My passkey answering their challenge: not mine to use.
    const theirs = await stepUpOptions(them.cookie);
    expect(await verifyPasskeyFor(me.user.id, assert(me.passkey, theirs, origin))).toBe(false);
    // ...which did not use it up.
    expect((await prove(them.cookie, assert(them.passkey, theirs, origin))).status).toBe(200);
    // A registration challenge.
    const registration = (await call(registrationOptionsRoute, { method: "POST", headers: { cookie: me.cookie } })).json as unknown as RequestOptions;
    expect(await verifyPasskeyFor(me.user.id, assert(me.passkey, registration, origin))).toBe(false);
    // Malformed.
    expect(await verifyPasskeyFor(me.user.id, "not json")).toBe(false);
    expect(await verifyPasskeyFor(me.user.id, { id: "x" })).toBe(false);
    const wrong = await prove(me.cookie, "{}");
    expect([wrong.status, wrong.json.error?.issues?.[0]?.path]).toEqual([400, "response"]);
  });

  it("a passkey-only account makes recovery codes right after proving its passkey; removing its last passkey removes them, audited and mailed", async () => {
    const { user, cookie, passkey, passkeyId } = await personWithPasskey();
    expect((await call(regenerate, { method: "POST", headers: { cookie }, body: {} })).json.error?.code).toBe("recent_second_factor_required");
    expect((await prove(cookie, assert(passkey, await stepUpOptions(cookie), relyingParty().origin))).status).toBe(200);
    const made = await call(regenerate, { method: "POST", headers: { cookie }, body: {} });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    expect((made.json as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);

    const removed = await call(removePasskey, { method: "DELETE", headers: { cookie }, params: { id: passkeyId } });
    expect(removed.status).toBe(200);
    expect(await hasSecondFactor(user.id)).toBe(false);
    expect(await (await getDb()).select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect((await auditOf(user.id)).map((a) => [a.action, a.oldValue])).toEqual([
      ["passkey_add", null],
      ["recovery_codes_regenerate", null],
      ["second_factor_remove", "passkey"],
    ]);
    expect((await subjectsOf(user.id)).at(-1)).toBe("A second factor was removed from your account");
  });

  it("removing one of two passkeys is no removal of the second factor", async () => {
    const { user, cookie, passkeyId } = await personWithPasskey();
    const options = await call(registrationOptionsRoute, { method: "POST", headers: { cookie } });
    expect((await call(addRoute, { method: "POST", headers: { cookie }, body: { response: createPasskey(options.json as never, relyingParty().origin).response } })).status).toBe(201);
    expect((await call(removePasskey, { method: "DELETE", headers: { cookie }, params: { id: passkeyId } })).status).toBe(200);
    expect(await hasSecondFactor(user.id)).toBe(true);
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(["passkey_add", "passkey_add"]);
  });
});
