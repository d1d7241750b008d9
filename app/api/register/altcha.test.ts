// Registration, the contact form and forgot-password need a solved, unused, unexpired proof-of-work:
// without one, with a wrong, an expired or a replayed one, the answer is 400 with its own code and
// nothing is created, stored or mailed. Disposable addresses are refused at registration.
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST as contact } from "@/app/api/contact/route";
import { POST as forgot } from "@/app/api/password/forgot/route";
import { ALTCHA_EXPIRES_SECONDS } from "@/lib/altcha";
import { getDb } from "@/lib/db";
import { DISPOSABLE_EMAIL_MESSAGE } from "@/lib/accounts/disposable-email";
import { ALTCHA_MESSAGES } from "@/lib/validation/altcha";
import { avatars, contactMessages, mailOutbox, users } from "@/models";
import { solveAltcha } from "@/tests/altcha";
import { freshChallenge, solvedAltcha } from "@/tests/altcha-call";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { imageForm, pngBytes } from "@/tests/images";
import { POST as register } from "./route";

const person = (email: string) => ({ name: "Paula Proof", email, password: "correct horse battery" });
const registerWith = async (email: string, altcha?: string, address = "10.40.0.1") =>
  call(register, {
    method: "POST",
    headers: { "x-forwarded-for": address },
    rawBody: imageForm(altcha === undefined ? person(email) : { ...person(email), altcha }, { bytes: await pngBytes() }),
  });

async function counts() {
  const db = await getDb();
  const [[u], [a], [c], [m]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(avatars),
    db.select({ n: count() }).from(contactMessages),
    db.select({ n: count() }).from(mailOutbox),
  ]);
  return { users: u.n, avatars: a.n, messages: c.n, mails: m.n };
}

const wrong = async () => {
  const payload = JSON.parse(Buffer.from(await solvedAltcha(), "base64").toString("utf8"));
  payload.solution.derivedKey = "ab".repeat(32);
  return Buffer.from(JSON.stringify(payload)).toString("base64");
};

afterEach(() => vi.useRealTimers());

describe("POST /api/register and the proof-of-work", () => {
  it("creates the account with a solved payload", async () => {
    const res = await registerWith("solved@example.test", await solvedAltcha());
    expect(res.status).toBe(201);
  });

  it.each([
    ["missing", async () => undefined, "altcha_required"],
    ["empty", async () => "", "altcha_required"],
    ["garbage", async () => "definitely-not-a-payload", "altcha_invalid"],
    ["wrong", wrong, "altcha_invalid"],
    ["too long", async () => "A".repeat(4097), "altcha_invalid"],
  ])("refuses a %s payload with 400 %s and creates nothing", async (_label, payload, code) => {
    const before = await counts();
    const res = await registerWith("refused@example.test", await payload());
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code, message: ALTCHA_MESSAGES[code as keyof typeof ALTCHA_MESSAGES], issues: [{ path: "altcha" }] });
    expect(await counts()).toEqual(before);
  });

  it("refuses an expired payload with 400 altcha_expired and creates nothing", async () => {
    const payload = await solveAltcha(await freshChallenge());
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + (ALTCHA_EXPIRES_SECONDS + 1) * 1000);
    const before = await counts();
    const res = await registerWith("late@example.test", payload);
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("altcha_expired");
    expect(await counts()).toEqual(before);
  });

  it("refuses a replayed payload, also after the first use failed further on (409)", async () => {
    await createUser({ email: "taken-pow@example.test" });
    const payload = await solvedAltcha();
    expect((await registerWith("first@example.test", payload)).status).toBe(201);
    const before = await counts();
    const replay = await registerWith("second@example.test", payload, "10.40.0.2");
    expect(replay.status).toBe(400);
    expect(replay.json.error?.code).toBe("altcha_replayed");
    // A payload spent on a refused registration (a taken email) is spent all the same.
    const spent = await solvedAltcha();
    expect((await registerWith("taken-pow@example.test", spent, "10.40.0.3")).status).toBe(409);
    expect((await registerWith("third@example.test", spent, "10.40.0.3")).json.error?.code).toBe("altcha_replayed");
    expect(await counts()).toEqual(before);
  });

  it("two simultaneous registrations with the same payload: exactly one account", async () => {
    const payload = await solvedAltcha();
    const before = await counts();
    const [a, b] = await Promise.all([registerWith("twin-a@example.test", payload, "10.41.0.1"), registerWith("twin-b@example.test", payload, "10.41.0.2")]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect([a, b].find((r) => r.status === 400)?.json.error?.code).toBe("altcha_replayed");
    expect((await counts()).users).toBe(before.users + 1);
  });

  it("refuses a disposable address, subdomains too, before spending the payload", async () => {
    const before = await counts();
    const payload = await solvedAltcha();
    for (const email of ["throwaway@mailinator.com", "throwaway@x.mailinator.com"]) {
      const res = await registerWith(email, payload);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: "bad_request", message: DISPOSABLE_EMAIL_MESSAGE, issues: [{ path: "email", message: DISPOSABLE_EMAIL_MESSAGE }] });
    }
    expect(await counts()).toEqual(before);
    expect((await registerWith("own-address@example.test", payload)).status).toBe(201);
  });
});

describe("POST /api/contact and the proof-of-work", () => {
  const message = { name: "Ada", email: "ada-pow@example.test", message: "A question about surveys, long enough." };
  const send = (altcha?: string) => call(contact, { method: "POST", body: altcha === undefined ? message : { ...message, altcha } });

  it("stores a message with a solved payload, once", async () => {
    const payload = await solvedAltcha();
    expect((await send(payload)).status).toBe(200);
    const before = await counts();
    const replay = await send(payload);
    expect(replay.status).toBe(400);
    expect(replay.json.error?.code).toBe("altcha_replayed");
    expect(await counts()).toEqual(before);
  });

  it("refuses a missing, a wrong or a non-string payload and stores nothing", async () => {
    const before = await counts();
    expect((await send()).json.error?.code).toBe("altcha_required");
    expect((await send(await wrong())).json.error?.code).toBe("altcha_invalid");
    const notText = await call(contact, { method: "POST", body: { ...message, altcha: { challenge: 1 } } });
    expect(notText.status).toBe(400);
    expect(await counts()).toEqual(before);
  });
});

describe("POST /api/password/forgot and the proof-of-work", () => {
  const ask = (email: string, altcha?: string) => call(forgot, { method: "POST", body: altcha === undefined ? { email } : { email, altcha } });

  it("answers with a solved payload, and refuses it replayed or missing without mailing anything", async () => {
    await createUser({ email: "forgetful-pow@example.test" });
    const payload = await solvedAltcha();
    expect((await ask("forgetful-pow@example.test", payload)).status).toBe(200);
    const before = await counts();
    const replay = await ask("forgetful-pow@example.test", payload);
    expect(replay.status).toBe(400);
    expect(replay.json.error?.code).toBe("altcha_replayed");
    const missing = await ask("forgetful-pow@example.test");
    expect(missing.status).toBe(400);
    expect(missing.json.error?.code).toBe("altcha_required");
    expect(await counts()).toEqual(before);
  });
});
