// Adding, listing, renaming and removing passkeys on the account page's routes, with a software
// authenticator (tests/software-authenticator.ts) whose responses the server verifies for real.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE, PATCH } from "@/app/api/me/passkeys/[id]/route";
import { POST as options } from "@/app/api/me/passkeys/options/route";
import { GET, POST } from "@/app/api/me/passkeys/route";
import { relyingParty } from "@/lib/accounts/passkeys";
import { PASSKEYS_MAX } from "@/lib/accounts/passkey-schema";
import { getDb } from "@/lib/db";
import { passkeys, webauthnChallenges } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor } from "@/tests/session-cookie";
import { createPasskey, forgedChallenge } from "@/tests/software-authenticator";

type Options = { challenge: string; rp: { id: string; name: string }; user: { id: string; name: string; displayName: string }; excludeCredentials?: { id: string }[]; authenticatorSelection?: Record<string, unknown> };
type Listed = { id: string; name: string; createdAt: string; lastUsedAt: string | null; deviceType: string; backedUp: boolean };

const LINUX_CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function person(name = "Passkey Person") {
  const user = await createUser({ name });
  return { user, cookie: await sessionCookieFor(user) };
}

async function optionsFor(cookie: string): Promise<Options> {
  const res = await call(options, { method: "POST", headers: { cookie } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as Options;
}

const add = (cookie: string, body: unknown, headers: Record<string, string> = {}) => call(POST, { method: "POST", headers: { cookie, "user-agent": LINUX_CHROME, ...headers }, body });
const rowsOf = async (userId: string) => (await getDb()).select().from(passkeys).where(eq(passkeys.userId, userId));

/** Adds a passkey the way the account page does; answers it as listed and the software passkey. */
async function addOne(cookie: string, name?: string) {
  const { response, passkey } = createPasskey(await optionsFor(cookie), relyingParty().origin);
  const res = await add(cookie, { response, ...(name && { name }) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { listed: (res.json as unknown as { passkey: Listed }).passkey, passkey, response };
}

describe("POST /api/me/passkeys/options", () => {
  it("asks for a discoverable passkey of this site for the caller, excluding the ones they have", async () => {
    const { user, cookie } = await person("Opt Person");
    const first = await optionsFor(cookie);
    expect(first.rp).toEqual({ id: "localhost", name: "OPINEX" });
    expect(first.user).toMatchObject({ name: user.email, displayName: "Opt Person" });
    expect(Buffer.from(first.user.id, "base64url").toString()).toBe(user.id);
    expect(first.authenticatorSelection).toMatchObject({ residentKey: "required", requireResidentKey: true, userVerification: "preferred" });
    expect(first.excludeCredentials).toEqual([]);
    const { listed } = await addOne(cookie);
    const [row] = await rowsOf(user.id);
    expect(row.id).toBe(listed.id);
    expect((await optionsFor(cookie)).excludeCredentials?.map((c) => c.id)).toEqual([row.credentialId]);
  });

  it("needs a signed-in browser: 401 signed out, 403 with an API token", async () => {
    const { user } = await person();
    expect((await call(options, { method: "POST" })).status).toBe(401);
    const byToken = await call(options, { method: "POST", as: user });
    expect(byToken.status).toBe(403);
    const db = await getDb();
    expect(await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id))).toEqual([]);
  });

  it("refuses a body (415 for a form's text/plain, 400 for fields)", async () => {
    const { cookie } = await person();
    expect((await call(options, { method: "POST", headers: { cookie, "content-type": "text/plain" }, rawBody: "x" })).status).toBe(415);
    expect((await call(options, { method: "POST", headers: { cookie }, body: { userId: "someone" } })).status).toBe(400);
  });
});

describe("POST /api/me/passkeys", () => {
  it("verifies and stores the passkey, named after where it was added; it is listed, its public key never", async () => {
    const { user, cookie } = await person();
    const { listed } = await addOne(cookie);
    expect(listed).toEqual({ id: expect.any(String), name: expect.stringMatching(/^Passkey on Linux \(\w{3} \d{1,2}, \d{4}\)$/), createdAt: expect.any(String), lastUsedAt: null, deviceType: "multiDevice", backedUp: true });
    const named = await addOne(cookie, "  Work laptop  ");
    expect(named.listed.name).toBe("Work laptop");
    const res = await call(GET, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ passkeys: [listed, named.listed], limit: PASSKEYS_MAX });
    expect(JSON.stringify(res.json)).not.toMatch(/publicKey|credentialId/);
    const rows = await rowsOf(user.id);
    expect(rows.map((r) => [r.transports, r.counter])).toEqual([
      [["internal", "hybrid"], 0],
      [["internal", "hybrid"], 0],
    ]);
    // The challenges were used up.
    expect(await (await getDb()).select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, user.id))).toEqual([]);
  });

  it("refuses a replayed response, a forged or another person's challenge, another origin or site: 400, nothing stored", async () => {
    const { user, cookie } = await person();
    const other = await person("Someone Else");
    const origin = relyingParty().origin;

    // Replayed: the same response twice.
    const { response } = await addOne(cookie);
    const replay = await add(cookie, { response });
    expect(replay.status).toBe(400);
    expect(replay.json.error?.message).toBe("This passkey request has expired or was already used. Please try again.");

    // A challenge no one handed out.
    const forged = createPasskey(await optionsFor(cookie), origin, { challenge: forgedChallenge() });
    expect((await add(cookie, { response: forged.response })).status).toBe(400);

    // Another person's challenge, answered by this one.
    const theirs = createPasskey(await optionsFor(other.cookie), origin);
    expect((await add(cookie, { response: theirs.response })).status).toBe(400);
    // ...which did not use it up: it is theirs alone.
    expect((await add(other.cookie, { response: theirs.response })).status).toBe(201);

    // Made on another site, or for another relying party, or as a sign-in.
    for (const [made, rpId, type] of [
      ["https://evil.example", undefined, undefined],
      [origin, "evil.example", undefined],
      [origin, undefined, "webauthn.get"],
    ] as const) {
      const wrong = createPasskey(await optionsFor(cookie), made, { rpId, type });
      const res = await add(cookie, { response: wrong.response });
      expect(res.status, `${made} ${rpId} ${type}`).toBe(400);
      expect(res.json.error?.message).toBe("This passkey could not be verified. Please try again.");
    }
    expect(await rowsOf(user.id)).toHaveLength(1);
    expect(await rowsOf(other.user.id)).toHaveLength(1);
  });

  it("asking for new options retires the previous challenge", async () => {
    const { user, cookie } = await person();
    const stale = createPasskey(await optionsFor(cookie), relyingParty().origin);
    await optionsFor(cookie);
    expect((await add(cookie, { response: stale.response })).status).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("refuses an expired challenge", async () => {
    const { user, cookie } = await person();
    const made = createPasskey(await optionsFor(cookie), relyingParty().origin);
    await (await getDb()).update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.userId, user.id));
    expect((await add(cookie, { response: made.response })).status).toBe(400);
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it("refuses the same passkey on a second account (409)", async () => {
    const { cookie } = await person();
    const other = await person("Second Account");
    const { passkey } = await addOne(cookie);
    // The authenticator answers the second account's options with the credential it already holds.
    const again = createPasskey(await optionsFor(other.cookie), relyingParty().origin);
    const reused = structuredClone(again.response);
    const attestation = Buffer.from(reused.response.attestationObject, "base64url");
    const at = attestation.indexOf(again.passkey.credentialId);
    passkey.credentialId.copy(attestation, at);
    reused.response.attestationObject = attestation.toString("base64url");
    reused.id = reused.rawId = passkey.credentialId.toString("base64url");
    const res = await add(other.cookie, { response: reused });
    expect(res.status, JSON.stringify(res.json)).toBe(409);
    expect(await rowsOf(other.user.id)).toHaveLength(0);
  });

  it(`holds at most ${PASSKEYS_MAX} passkeys per account (409)`, async () => {
    const { user, cookie } = await person();
    const pending = createPasskey(await optionsFor(cookie), relyingParty().origin);
    const db = await getDb();
    await db.insert(passkeys).values(
      Array.from({ length: PASSKEYS_MAX }, (_, i) => ({ userId: user.id, credentialId: `filler-${user.id}-${i}`, publicKey: "x", deviceType: "singleDevice", backedUp: false, name: `Key ${i}` })),
    );
    const full = await add(cookie, { response: pending.response });
    expect(full.status).toBe(409);
    expect(full.json.error?.message).toBe(`An account can have at most ${PASSKEYS_MAX} passkeys. Remove one before adding another.`);
    expect((await call(options, { method: "POST", headers: { cookie } })).status).toBe(409);
    expect(await rowsOf(user.id)).toHaveLength(PASSKEYS_MAX);
  });

  it("bounds every input: 400 for a bad shape or name, 413 past the size, 415 not JSON, 401/403 without a browser session", async () => {
    const { user, cookie } = await person();
    const { response } = createPasskey(await optionsFor(cookie), relyingParty().origin);
    const bad: [string, unknown][] = [
      ["no response", {}],
      ["a string", { response: "x" }],
      ["not base64url", { response: { ...response, response: { ...response.response, clientDataJSON: "<script>" } } }],
      ["not a public key", { response: { ...response, type: "password" } }],
      ["no attestation", { response: { ...response, response: { clientDataJSON: response.response.clientDataJSON } } }],
      ["an empty name", { response, name: "   " }],
      ["a long name", { response, name: "x".repeat(61) }],
      ["a control character", { response, name: "bell\u0007" }],
      ["a bidi override", { response, name: "\u202Egnp.exe" }],
      ["an unknown field", { response, userId: "someone" }],
    ];
    for (const [label, body] of bad) {
      const res = await add(cookie, body);
      expect(res.status, label).toBe(400);
      expect(res.json.error?.message, label).toBeTruthy();
    }
    expect((await add(cookie, { response, name: "x".repeat(40 * 1024) })).status).toBe(413);
    expect((await call(POST, { method: "POST", headers: { cookie, "content-type": "text/plain" }, rawBody: JSON.stringify({ response }) })).status).toBe(415);
    expect((await call(POST, { method: "POST", body: { response } })).status).toBe(401);
    expect((await call(POST, { method: "POST", as: user, body: { response } })).status).toBe(403);
    // None of it used the challenge up: the real response still goes in.
    expect((await add(cookie, { response })).status).toBe(201);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });
});

describe("GET /api/me/passkeys", () => {
  it("lists only the caller's own, by cookie or API token; 401 signed out", async () => {
    const { user, cookie } = await person();
    const other = await person("Other Lister");
    await addOne(other.cookie);
    expect((await call(GET, { as: user })).json).toEqual({ passkeys: [], limit: PASSKEYS_MAX });
    const { listed } = await addOne(cookie);
    expect((await call(GET, { as: user })).json).toEqual({ passkeys: [listed], limit: PASSKEYS_MAX });
    expect((await call(GET)).status).toBe(401);
  });
});

describe("PATCH and DELETE /api/me/passkeys/{id}", () => {
  it("renames and removes the caller's own passkey; another person's id is 404 and unchanged", async () => {
    const { user, cookie } = await person();
    const other = await person("Owner Of Another");
    const mine = (await addOne(cookie)).listed;
    const theirs = (await addOne(other.cookie, "Their key")).listed;

    const renamed = await call(PATCH, { method: "PATCH", headers: { cookie }, params: { id: mine.id }, body: { name: " Phone 📱 " } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ passkey: { ...mine, name: "Phone 📱" } });
    expect((await call(PATCH, { method: "PATCH", as: user, params: { id: mine.id }, body: { name: "By token" } })).status).toBe(200);

    for (const [label, params, body, status] of [
      ["another's", { id: theirs.id }, { name: "Mine now" }, 404],
      ["no such id", { id: "0badf00d-0000-4000-8000-000000000000" }, { name: "Nothing" }, 404],
      ["a malformed id", { id: "not-an-id" }, { name: "Nothing" }, 404],
      ["an empty name", { id: mine.id }, { name: "" }, 400],
      ["a long name", { id: mine.id }, { name: "y".repeat(61) }, 400],
      ["not text", { id: mine.id }, { name: 5 }, 400],
      ["an extra field", { id: mine.id }, { name: "Fine", userId: other.user.id }, 400],
    ] as const) {
      const res = await call(PATCH, { method: "PATCH", headers: { cookie }, params, body });
      expect(res.status, label).toBe(status);
    }
    expect((await rowsOf(other.user.id)).map((r) => r.name)).toEqual(["Their key"]);
    expect((await rowsOf(user.id)).map((r) => r.name)).toEqual(["By token"]);
    expect((await call(PATCH, { method: "PATCH", params: { id: mine.id }, body: { name: "Anon" } })).status).toBe(401);

    expect((await call(DELETE, { method: "DELETE", headers: { cookie }, params: { id: theirs.id } })).status).toBe(404);
    expect((await call(DELETE, { method: "DELETE", params: { id: mine.id } })).status).toBe(401);
    expect(await rowsOf(other.user.id)).toHaveLength(1);
    const removed = await call(DELETE, { method: "DELETE", headers: { cookie }, params: { id: mine.id } });
    expect(removed.status).toBe(200);
    expect(removed.json).toEqual({ ok: true });
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect((await call(DELETE, { method: "DELETE", headers: { cookie }, params: { id: mine.id } })).status).toBe(404);
  });
});
