// A second factor through the account page's routes, against the test database: an authenticator app
// set up with codes computed from the secret it answers (otplib, as a phone computes them), recovery
// codes, removal, the step-up, the wrong-try limit, what is stored, audited, mailed and exported. Only
// the clock otplib and the library read (`Date`) is frozen, mid-step, so a code of a step either side is
// deterministic; the database keeps its own clock.
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GET as me } from "@/app/api/me/route";
import { GET as exportRoute } from "@/app/api/me/export/route";
import { GET as sessionsRoute } from "@/app/api/me/sessions/route";
import { POST as passkeyOptions } from "@/app/api/me/second-factor/passkey-options/route";
import { POST as regenerate } from "@/app/api/me/second-factor/recovery-codes/route";
import { POST as confirm } from "@/app/api/me/second-factor/totp/confirm/route";
import { DELETE as disable, POST as begin } from "@/app/api/me/second-factor/totp/route";
import { POST as verify } from "@/app/api/me/second-factor/verify/route";
import { secondFactorStatus } from "@/lib/accounts/second-factor";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { auditEvents, mailOutbox, recoveryCodes, totpFactors, userSessions } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor } from "@/tests/session-cookie";

const PASSWORD = "second-factor-password";
const WRONG_CODE = "That code did not match. Check the time on your phone and try the newest code.";
let passwordHash: Promise<string> | undefined;

type Handler = Parameters<typeof call>[0];
const send = (handler: Handler, method: string, cookie: string, body?: unknown) => call(handler, { method, headers: { cookie }, body });

/** A person signed in in a browser with a session row (its cookie names it, as a real sign-in's does). */
async function person(options: { password?: boolean } = {}) {
  passwordHash ??= hashPassword(PASSWORD);
  const user = await createUser({ name: "Factor Person", ...(options.password !== false && { passwordHash: await passwordHash }) });
  const db = await getDb();
  const [session] = await db.insert(userSessions).values({ userId: user.id, signInMethod: "password" }).returning();
  return { user, session, cookie: await sessionCookieFor(user, 3600, { sid: session.id }) };
}

const now = () => Math.floor(Date.now() / 1000);
/** The code an app shows `steps` periods from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: now() + steps * 30 });

/** Sets up the app through the routes; answers its secret and the recovery codes. */
async function enrol(cookie: string) {
  const started = await send(begin, "POST", cookie);
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const { secret } = started.json as { secret: string };
  const confirmed = await send(confirm, "POST", cookie, { code: await codeAt(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
  return { secret, recoveryCodes: (confirmed.json as { recoveryCodes: string[] }).recoveryCodes };
}

const auditOf = async (userId: string) =>
  (await getDb())
    .select({ action: auditEvents.action, actorId: auditEvents.actorId, oldValue: auditEvents.oldValue, newValue: auditEvents.newValue })
    .from(auditEvents)
    .where(eq(auditEvents.targetUserId, userId))
    .orderBy(auditEvents.createdAt, auditEvents.id);
const mailsOf = async (userId: string) =>
  (await getDb()).select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.userId, userId)).orderBy(mailOutbox.createdAt, mailOutbox.id);
const secondFactorAtOf = async (sessionId: string) => (await (await getDb()).select({ at: userSessions.secondFactorAt }).from(userSessions).where(eq(userSessions.id, sessionId)))[0].at;

beforeEach(() => {
  // Mid-step: a code one step either side of now stays one step away while the test runs.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 15_000);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("setting up an authenticator app", () => {
  it("begins with a secret and its otpauth address, turns on with a code of it, and GET /api/me says so", async () => {
    const { user, session, cookie } = await person();
    expect(((await send(me, "GET", cookie)).json.user as Record<string, unknown>).secondFactor).toEqual({ enabled: false, required: false });

    const started = await send(begin, "POST", cookie);
    expect(started.status).toBe(200);
    const { secret, otpauthUrl } = started.json as { secret: string; otpauthUrl: string };
    // 20 random bytes in base32: 32 characters.
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/OPINEX:${encodeURIComponent(user.email)}?secret=${secret}&issuer=OPINEX&algorithm=SHA1&digits=6&period=30`);
    // Not on yet.
    expect(((await send(me, "GET", cookie)).json.user as Record<string, unknown>).secondFactor).toEqual({ enabled: false, required: false });

    // Stored encrypted, never as the secret itself.
    const db = await getDb();
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row.confirmedAt).toBeNull();
    expect(row.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.secret).not.toContain(secret);

    // A new start makes a new secret: the first one's codes no longer confirm.
    const again = (await send(begin, "POST", cookie)).json as { secret: string };
    expect(again.secret).not.toBe(secret);
    const stale = await send(confirm, "POST", cookie, { code: await codeAt(secret) });
    expect([stale.status, stale.json.error?.message]).toEqual([400, WRONG_CODE]);

    const confirmed = await send(confirm, "POST", cookie, { code: (await codeAt(again.secret)).replace(/(\d{3})/, "$1 ") });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    const codes = (confirmed.json as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(((await send(me, "GET", cookie)).json.user as Record<string, unknown>).secondFactor).toEqual({ enabled: true, required: false });
    expect(await secondFactorStatus(user)).toEqual({ enabled: true, required: false, totp: true, totpSince: expect.any(Date), passkeys: 0, recoveryCodesLeft: 10 });
    // The code typed proved a second factor in this browser.
    expect(await secondFactorAtOf(session.id)).toBeInstanceOf(Date);

    // The codes are stored hashed only.
    const stored = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));

    // Once on, it cannot be started or confirmed again.
    expect((await send(begin, "POST", cookie)).status).toBe(409);
    expect((await send(confirm, "POST", cookie, { code: await codeAt(again.secret, 1) })).status).toBe(409);

    expect(await auditOf(user.id)).toEqual([{ action: "second_factor_add", actorId: user.id, oldValue: null, newValue: "totp" }]);
    const mails = await mailsOf(user.id);
    expect(mails.map((m) => m.subject)).toEqual(["A second factor was added to your account"]);
    expect(mails[0].text).toContain("If this was not you, reset your password and contact us");
    expect(mails[0].text).toContain("/dashboard/account#second-factor");
    expect(mails[0].text).not.toContain(again.secret);
  });

  it("a stored secret copied into another account's row does not decrypt there", async () => {
    const owner = await person();
    await send(begin, "POST", owner.cookie);
    const thief = await person();
    const { secret } = (await send(begin, "POST", thief.cookie)).json as { secret: string };
    const db = await getDb();
    const [stolen] = await db.select({ secret: totpFactors.secret }).from(totpFactors).where(eq(totpFactors.userId, owner.user.id));
    await db.update(totpFactors).set({ secret: stolen.secret }).where(eq(totpFactors.userId, thief.user.id));
    expect((await send(confirm, "POST", thief.cookie, { code: await codeAt(secret) })).status).toBe(409);
  });

  it("refuses to confirm without a start (409), and a code that is not six digits (400)", async () => {
    const { cookie } = await person();
    expect((await send(confirm, "POST", cookie, { code: "123456" })).status).toBe(409);
    await send(begin, "POST", cookie);
    const bad = await send(confirm, "POST", cookie, { code: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.issues?.[0]?.path).toBe("code");
  });

  it("accepts a code of one step before or after now, not two; a code is accepted once", async () => {
    const { user, cookie } = await person();
    const enrolledAt = Math.floor(now() / 30);
    const { secret } = await enrol(cookie);
    const step = async (steps: number) => (await send(verify, "POST", cookie, { code: await codeAt(secret, steps) })).status;
    // The enrolment used the code of now: it, and the step before, are spent.
    expect(await step(0)).toBe(400);
    expect(await step(-1)).toBe(400);
    expect(await step(-2)).toBe(400);
    expect(await step(2)).toBe(400);
    // A phone one step ahead: accepted once.
    expect(await step(1)).toBe(200);
    expect(await step(1)).toBe(400);

    // A fresh account, a phone one step behind.
    const late = await person();
    const enrolled = await enrol(late.cookie);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await send(verify, "POST", late.cookie, { code: await codeAt(enrolled.secret, -2) })).status).toBe(400);
    expect((await send(verify, "POST", late.cookie, { code: await codeAt(enrolled.secret, -1) })).status).toBe(200);
    // Replayed: refused, and so is any older one.
    expect((await send(verify, "POST", late.cookie, { code: await codeAt(enrolled.secret, -1) })).status).toBe(400);
    expect((await send(verify, "POST", late.cookie, { code: await codeAt(enrolled.secret, 0) })).status).toBe(200);

    const [row] = await (await getDb()).select({ lastUsedStep: totpFactors.lastUsedStep }).from(totpFactors).where(eq(totpFactors.userId, user.id));
    // The first account's newest code used: the step after its enrolment's.
    expect(row.lastUsedStep).toBe(enrolledAt + 1);
  });

  it("two requests with the same code at once: one passes", async () => {
    const { cookie } = await person();
    const { secret } = await enrol(cookie);
    const code = await codeAt(secret, 1);
    const statuses = await Promise.all([1, 2, 3].map(() => send(verify, "POST", cookie, { code }).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 400, 400]);
  });
});

describe("recovery codes", () => {
  it("one works once, in any case and without its dash; it is audited and mailed with how many are left", async () => {
    const { user, session, cookie } = await person();
    const { recoveryCodes: codes } = await enrol(cookie);
    await (await getDb()).update(userSessions).set({ secondFactorAt: null }).where(eq(userSessions.id, session.id));

    const typed = ` ${codes[3].replace("-", "").toUpperCase()} `;
    const used = await send(verify, "POST", cookie, { code: typed });
    expect(used.status, JSON.stringify(used.json)).toBe(200);
    expect(new Date((used.json as { secondFactorAt: string }).secondFactorAt).getTime()).toBe((await secondFactorAtOf(session.id))!.getTime());
    const again = await send(verify, "POST", cookie, { code: codes[3] });
    expect([again.status, again.json.error?.message]).toEqual([400, WRONG_CODE]);
    // Someone else's code, or one never made: refused.
    expect((await send(verify, "POST", cookie, { code: "abcde-fghjk" })).status).toBe(400);

    const audit = await auditOf(user.id);
    expect(audit.at(-1)).toEqual({ action: "recovery_code_use", actorId: user.id, oldValue: null, newValue: "9" });
    const mail = (await mailsOf(user.id)).at(-1)!;
    expect(mail.subject).toBe("A recovery code was used on your account");
    expect(mail.text).toContain("you have 9 recovery codes left");
  });

  it("are made again with a code, or without one right after a second factor was proved; the old ones stop working", async () => {
    const { user, session, cookie } = await person();
    const { secret, recoveryCodes: first } = await enrol(cookie);

    const wrong = await send(regenerate, "POST", cookie, { code: "000000" });
    expect(wrong.status).toBe(400);
    const made = await send(regenerate, "POST", cookie, { code: await codeAt(secret, 1) });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const second = (made.json as { recoveryCodes: string[] }).recoveryCodes;
    expect(second).toHaveLength(10);
    expect(second.some((c) => first.includes(c))).toBe(false);
    expect((await send(verify, "POST", cookie, { code: first[0] })).status).toBe(400);

    // Without a code: the session's proof must be recent.
    const db = await getDb();
    await db.update(userSessions).set({ secondFactorAt: new Date(Date.now() - 11 * 60_000) }).where(eq(userSessions.id, session.id));
    const stale = await send(regenerate, "POST", cookie, {});
    expect([stale.status, stale.json.error?.code]).toEqual([403, "recent_second_factor_required"]);
    await db.update(userSessions).set({ secondFactorAt: new Date(Date.now() - 60_000) }).where(eq(userSessions.id, session.id));
    const fresh = await send(regenerate, "POST", cookie, {});
    expect(fresh.status).toBe(200);
    expect((await send(verify, "POST", cookie, { code: second[0] })).status).toBe(400);
    expect((await send(verify, "POST", cookie, { code: (fresh.json as { recoveryCodes: string[] }).recoveryCodes[0] })).status).toBe(200);

    expect((await auditOf(user.id)).filter((a) => a.action === "recovery_codes_regenerate")).toHaveLength(2);
    expect((await mailsOf(user.id)).filter((m) => m.subject === "New recovery codes were made for your account")).toHaveLength(2);
  });

  it("cannot be made without a second factor (409)", async () => {
    const { cookie } = await person();
    expect((await send(regenerate, "POST", cookie, {})).status).toBe(409);
  });
});

describe("removing the app", () => {
  it("needs both the password and a code; refused without saying which; then the app and the codes go", async () => {
    const { user, cookie } = await person();
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    const remove = (body: unknown) => send(disable, "DELETE", cookie, body);

    const wrongPassword = await remove({ password: "not-the-password", code: await codeAt(secret, 1) });
    const wrongCode = await remove({ password: PASSWORD, code: "000000" });
    const noPassword = await remove({ code: await codeAt(secret, 1) });
    for (const res of [wrongPassword, wrongCode, noPassword]) expect([res.status, res.json.error?.message]).toEqual([400, "That password or code did not match."]);
    // The wrong password did not use the code up: it still removes the app.
    const removed = await remove({ password: PASSWORD, code: await codeAt(secret, 1) });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect(removed.json).toEqual({ ok: true });

    const db = await getDb();
    expect(await db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toEqual([]);
    expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(((await send(me, "GET", cookie)).json.user as Record<string, unknown>).secondFactor).toEqual({ enabled: false, required: false });
    expect((await send(verify, "POST", cookie, { code: codes[0] })).status).toBe(409);
    expect((await send(disable, "DELETE", cookie, { password: PASSWORD, code: codes[1] })).status).toBe(409);

    expect((await auditOf(user.id)).at(-1)).toEqual({ action: "second_factor_remove", actorId: user.id, oldValue: "totp", newValue: null });
    const mail = (await mailsOf(user.id)).at(-1)!;
    expect(mail.subject).toBe("A second factor was removed from your account");
    expect(mail.text).toContain("no longer asks for a second factor");
  });

  it("with a recovery code; an account without a password (Google) needs the code alone", async () => {
    const google = await person({ password: false });
    const { recoveryCodes: codes } = await enrol(google.cookie);
    expect((await send(disable, "DELETE", google.cookie, { code: "000000" })).status).toBe(400);
    expect((await send(disable, "DELETE", google.cookie, { code: codes[0] })).status).toBe(200);
    expect(((await send(me, "GET", google.cookie)).json.user as Record<string, unknown>).secondFactor).toEqual({ enabled: false, required: false });
  });
});

describe("the step-up: POST /api/me/second-factor/verify", () => {
  it("marks this session, not the others, as having proved its second factor now", async () => {
    const { user, session, cookie } = await person();
    const { secret } = await enrol(cookie);
    const db = await getDb();
    const [other] = await db.insert(userSessions).values({ userId: user.id }).returning();
    await db.update(userSessions).set({ secondFactorAt: null }).where(eq(userSessions.id, session.id));

    const res = await send(verify, "POST", cookie, { code: await codeAt(secret, 1) });
    expect(res.status).toBe(200);
    const at = await secondFactorAtOf(session.id);
    expect(at).toBeInstanceOf(Date);
    expect((res.json as { secondFactorAt: string }).secondFactorAt).toBe(at!.toISOString());
    expect(await secondFactorAtOf(other.id)).toBeNull();
  });

  it("refuses neither or both of a code and a passkey (400), an account without a second factor (409)", async () => {
    const { cookie } = await person();
    expect((await send(verify, "POST", cookie, {})).status).toBe(400);
    expect((await send(verify, "POST", cookie, { code: "123456", response: "{}" })).status).toBe(400);
    expect((await send(verify, "POST", cookie, { code: "123456" })).status).toBe(409);
    expect((await send(passkeyOptions, "POST", cookie)).status).toBe(409);
  });

  it("10 wrong tries in 15 minutes: the 11th is 429 with Retry-After, a right code included; a right one gives its try back", async () => {
    const { cookie } = await person();
    const { secret } = await enrol(cookie);
    // A right one does not count.
    expect((await send(verify, "POST", cookie, { code: await codeAt(secret, 1) })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await send(verify, "POST", cookie, { code: "000000" })).status).toBe(400);
    // The tenth wrong one, through another route: the limit is the account's.
    expect((await send(regenerate, "POST", cookie, { code: "abcde-fghjk" })).status).toBe(400);
    const refused = await send(verify, "POST", cookie, { code: await codeAt(secret, 1) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("900");
    expect((await send(disable, "DELETE", cookie, { password: PASSWORD, code: await codeAt(secret, 1) })).status).toBe(429);
  });
});

describe("the routes' edges", () => {
  it("need the browser's session: an API token is refused (403) on each, before anything is made", async () => {
    const { user, cookie } = await person();
    await enrol(cookie);
    const calls: [Handler, string, unknown][] = [
      [begin, "POST", {}],
      [confirm, "POST", { code: "123456" }],
      [disable, "DELETE", { password: PASSWORD, code: "123456" }],
      [regenerate, "POST", {}],
      [verify, "POST", { code: "123456" }],
      [passkeyOptions, "POST", {}],
    ];
    for (const [handler, method, body] of calls) {
      const res = await call(handler, { method, as: user, body });
      expect(res.status, `${method} ${JSON.stringify(body)}`).toBe(403);
      expect((await call(handler, { method, body })).status).toBe(401);
    }
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(["second_factor_add"]);
  });

  it("GET /api/me/sessions says how each session signed in", async () => {
    const { session, cookie } = await person();
    const res = await send(sessionsRoute, "GET", cookie);
    expect((res.json as { sessions: { id: string; signInMethod: string | null }[] }).sessions).toEqual([expect.objectContaining({ id: session.id, signInMethod: "password", current: true })]);
  });

  it("the data export lists the factors, never the secret or a code", async () => {
    const { user, cookie } = await person();
    const { secret, recoveryCodes: codes } = await enrol(cookie);
    await send(verify, "POST", cookie, { code: codes[0] });
    const res = await send(exportRoute, "GET", cookie);
    expect(res.status).toBe(200);
    const data = res.json as { account: { secondFactor: unknown }; sessions: { signInMethod: string | null }[] };
    const [row] = await (await getDb()).select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(data.account.secondFactor).toEqual({ authenticatorApp: { enabledSince: row.confirmedAt!.toISOString() }, recoveryCodesLeft: 9 });
    expect(data.sessions.map((s) => s.signInMethod)).toEqual(["password"]);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(row.secret);
    for (const code of codes) expect(text.toLowerCase()).not.toContain(code.replace("-", ""));
    const hashes = await (await getDb()).select({ hash: recoveryCodes.codeHash }).from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    for (const { hash } of hashes) expect(text).not.toContain(hash);
  });
});
