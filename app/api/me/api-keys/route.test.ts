// The account page's API keys through their real routes: made (shown once, audited), listed, revoked,
// for surveyors and admins only, by the browser session only; and every key of an account revoked by a
// password change, a reset and a suspension, deleted with the account.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as changePassword } from "@/app/api/me/password/route";
import { GET as exportData } from "@/app/api/me/export/route";
import { DELETE as deleteAccount } from "@/app/api/me/route";
import { POST as reset } from "@/app/api/password/reset/route";
import { POST as suspend } from "@/app/api/users/[id]/suspension/route";
import { GET as listSurveys } from "@/app/api/v1/surveys/route";
import { issueEmailToken } from "@/lib/auth/email-tokens";
import { getDb } from "@/lib/db";
import { API_KEYS_MAX } from "@/lib/integrations/api-key-schema";
import { apiKeys, auditEvents } from "@/models";
import { PASSWORD, personWithData } from "@/tests/account-data";
import { keyOf, withKey } from "@/tests/api-keys";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor, signInWithPassword } from "@/tests/session-cookie";
import { DELETE as revoke } from "./[id]/route";
import { GET, POST } from "./route";

type Listed = { id: string; name: string; prefix: string; scopes: string[]; createdAt: string; lastUsedAt: string | null };

async function surveyor(role: "surveyor" | "admin" = "surveyor") {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookieFor(user) };
}
const make = (cookie: string, body: unknown, headers: Record<string, string> = {}) => call(POST, { method: "POST", headers: { cookie, ...headers }, body });
const listOf = async (cookie: string) => ((await call(GET, { headers: { cookie } })).json as unknown as { apiKeys: Listed[]; limit: number }).apiKeys;
const rowsOf = async (userId: string) => (await getDb()).select().from(apiKeys).where(eq(apiKeys.userId, userId));
const auditOf = async (userId: string, action: "api_key_create" | "api_key_revoke") =>
  (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.targetUserId, userId), eq(auditEvents.action, action)));

describe("POST /api/me/api-keys", () => {
  it("makes a key (201, shown once), lists it without the key, and audits it by name", async () => {
    for (const role of ["surveyor", "admin"] as const) {
      const { user, cookie } = await surveyor(role);
      const res = await make(cookie, { name: "  Spreadsheet sync  ", scopes: ["surveys:read", "results:read"] });
      expect(res.status).toBe(201);
      const { id, key } = res.json as { id: string; key: string };
      expect(key).toMatch(/^opx_[A-Za-z0-9_-]{43}$/);
      const listed = await listOf(cookie);
      expect(listed).toEqual([{ id, name: "Spreadsheet sync", prefix: key.slice(0, 12), scopes: ["surveys:read", "results:read"], createdAt: expect.any(String), lastUsedAt: null }]);
      expect(JSON.stringify(listed)).not.toContain(key);
      expect(await auditOf(user.id, "api_key_create")).toMatchObject([{ actorId: user.id, newValue: "Spreadsheet sync" }]);
      // It works at once, and its use shows in the list.
      expect((await withKey(listSurveys, key)).status).toBe(200);
      expect((await listOf(cookie))[0].lastUsedAt).not.toBeNull();
    }
  });

  it("refuses a bad name or scopes (400) and makes nothing", async () => {
    const { user, cookie } = await surveyor();
    const bad: unknown[] = [
      { name: "", scopes: ["surveys:read"] },
      { name: "   ", scopes: ["surveys:read"] },
      { name: "x".repeat(61), scopes: ["surveys:read"] },
      { name: "Bell\u0007", scopes: ["surveys:read"] },
      { name: "No scopes", scopes: [] },
      { name: "Twice", scopes: ["surveys:read", "surveys:read"] },
      { name: "Unknown", scopes: ["admin:all"] },
      { name: "Not a list", scopes: "surveys:read" },
      { name: "Extra", scopes: ["surveys:read"], userId: randomUUID() },
      { scopes: ["surveys:read"] },
      ["not", "an", "object"],
    ];
    for (const body of bad) {
      const res = await make(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error!.issues?.length, JSON.stringify(body)).toBeGreaterThan(0);
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await make(cookie, { name: "x".repeat(60), scopes: ["surveys:read", "surveys:write", "results:read", "webhooks:write"] })).status).toBe(201);
  });

  it(`holds at most ${API_KEYS_MAX} keys in force (409 past them); a revoked key gives its place back`, async () => {
    const { user, cookie } = await surveyor();
    const made = await Promise.all(Array.from({ length: API_KEYS_MAX + 3 }, (_, i) => make(cookie, { name: `Key ${i}`, scopes: ["surveys:read"] })));
    expect(made.filter((r) => r.status === 201)).toHaveLength(API_KEYS_MAX);
    const refused = made.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect((await rowsOf(user.id)).length).toBe(API_KEYS_MAX);
    const { id } = made.find((r) => r.status === 201)!.json as { id: string };
    expect((await call(revoke, { method: "DELETE", params: { id }, headers: { cookie } })).status).toBe(200);
    expect((await make(cookie, { name: "After", scopes: ["surveys:read"] })).status).toBe(201);
  });

  it("is for surveyors and admins, by their browser session only", async () => {
    const body = { name: "Mine", scopes: ["surveys:read"] };
    for (const role of ["user", "pro_user"] as const) {
      const person = await createUser({ role });
      const cookie = await sessionCookieFor(person);
      expect((await make(cookie, body)).status).toBe(403);
      expect((await call(GET, { headers: { cookie } })).status).toBe(403);
      expect(await rowsOf(person.id)).toEqual([]);
    }
    expect((await call(POST, { method: "POST", body })).status).toBe(401);
    const { user } = await surveyor();
    // The first implementation's one-hour token cannot make keys that would outlive it.
    const byToken = await call(POST, { method: "POST", as: user, body });
    expect(byToken.status).toBe(403);
    expect((await call(GET, { as: user })).status).toBe(403);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it("refuses a cookie-authenticated request from another site (CSRF)", async () => {
    const { user, cookie } = await surveyor();
    const res = await make(cookie, { name: "Forged", scopes: ["surveys:write"] }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe("DELETE /api/me/api-keys/{id}", () => {
  it("revokes one key at once and lists it no more; someone else's key or an unknown id is 404 and stays", async () => {
    const { user, cookie } = await surveyor();
    const other = await surveyor();
    const mine = (await make(cookie, { name: "Mine", scopes: ["surveys:read"] })).json as { id: string; key: string };
    const theirs = (await make(other.cookie, { name: "Theirs", scopes: ["surveys:read"] })).json as { id: string; key: string };
    for (const id of [theirs.id, randomUUID(), "not-an-id"]) {
      expect((await call(revoke, { method: "DELETE", params: { id }, headers: { cookie } })).status).toBe(404);
    }
    expect((await withKey(listSurveys, theirs.key)).status).toBe(200);
    const res = await call(revoke, { method: "DELETE", params: { id: mine.id }, headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(await listOf(cookie)).toEqual([]);
    expect((await withKey(listSurveys, mine.key)).status).toBe(401);
    expect((await call(revoke, { method: "DELETE", params: { id: mine.id }, headers: { cookie } })).status).toBe(404);
    expect(await auditOf(user.id, "api_key_revoke")).toMatchObject([{ actorId: user.id, newValue: "Mine" }]);
  });
});

describe("the account's data", () => {
  it("exports its keys, revoked ones too, never the key or its hash", async () => {
    const { user, cookie } = await surveyor();
    const kept = (await make(cookie, { name: "Kept", scopes: ["surveys:read"] })).json as { id: string; key: string };
    const gone = (await make(cookie, { name: "Gone", scopes: ["results:read"] })).json as { id: string; key: string };
    await call(revoke, { method: "DELETE", params: { id: gone.id }, headers: { cookie } });
    const res = await call(exportData, { headers: { cookie } });
    const text = JSON.stringify(res.json);
    const exported = (res.json as unknown as { apiKeys: { name: string; revokedAt: string | null }[] }).apiKeys;
    expect(exported.map((k) => [k.name, k.revokedAt === null])).toEqual([["Kept", true], ["Gone", false]]);
    for (const row of await rowsOf(user.id)) expect(text).not.toContain(row.secretHash);
    expect(text).not.toContain(kept.key);
  });
});

describe("every key of an account ends", () => {
  it("with a password change, one audit row per key saying why", async () => {
    const { person, email } = await personWithData("Keys", { role: "surveyor" });
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const keys = [await keyOf(person, undefined, "One"), await keyOf(person, undefined, "Two")];
    const res = await call(changePassword, { method: "POST", headers: { cookie }, body: { currentPassword: PASSWORD, newPassword: "a-brand-new-password" } });
    expect(res.status).toBe(200);
    for (const key of keys) expect((await withKey(listSurveys, key)).status).toBe(401);
    const revoked = await auditOf(person.id, "api_key_revoke");
    expect(revoked.map((r) => [r.newValue, r.feedback]).sort()).toEqual([["One", "The password was changed"], ["Two", "The password was changed"]]);
    // A key made afterwards works.
    expect((await withKey(listSurveys, await keyOf(person))).status).toBe(200);
  });

  it("with a password reset", async () => {
    const person = await createUser({ role: "surveyor" });
    const key = await keyOf(person);
    const db = await getDb();
    const token = await db.transaction((tx) => issueEmailToken(tx, { userId: person.id, purpose: "reset_password", email: person.email }));
    const res = await call(reset, { method: "POST", body: { token, password: "another-new-password" } });
    expect(res.status).toBe(200);
    expect((await withKey(listSurveys, key)).status).toBe(401);
    expect(await auditOf(person.id, "api_key_revoke")).toMatchObject([{ actorId: person.id, feedback: "The password was reset" }]);
  });

  it("with a suspension, and lifting it does not bring them back", async () => {
    const person = await createUser({ role: "surveyor" });
    const admin = await createUser({ role: "admin" });
    const key = await keyOf(person);
    const res = await call(suspend, { method: "POST", as: admin, params: { id: person.id }, body: { reason: "Selling votes" } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((await rowsOf(person.id))[0].revokedAt).not.toBeNull();
    expect(await auditOf(person.id, "api_key_revoke")).toMatchObject([{ actorId: admin.id, feedback: "The account was suspended" }]);
    const { DELETE: lift } = await import("@/app/api/users/[id]/suspension/route");
    expect((await call(lift, { method: "DELETE", as: admin, params: { id: person.id } })).status).toBe(200);
    expect((await withKey(listSurveys, key)).status).toBe(401);
  });

  it("with the account: deleting it deletes them", async () => {
    const { person, email } = await personWithData("Leaving", { role: "surveyor" });
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const key = await keyOf(person);
    const res = await call(deleteAccount, { method: "DELETE", headers: { cookie }, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await rowsOf(person.id)).toEqual([]);
    expect((await withKey(listSurveys, key)).status).toBe(401);
  });
});
