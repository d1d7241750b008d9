import { describe, expect, it } from "vitest";
import { createApiToken, verifyApiToken } from "@/lib/auth/api-token";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { POST as isUserExist } from "../is_user_exist/route";
import { POST as createUserRecord } from "../user/route";
import { POST } from "./route";
import { getDb } from "@/lib/db";
import { users } from "@/models";
import { count, eq } from "drizzle-orm";
import { sessionCookieFor } from "@/tests/session-cookie";

// The sign-in state machine: is_user_exist → user → jwt, for the caller only.
describe("POST /api/jwt", () => {
  it("issues a one-hour token for the signed-in caller's own email (any case)", async () => {
    const person = await createUser();
    const cookie = await sessionCookieFor(person);
    const res = await call(POST, { method: "POST", headers: { cookie }, body: { email: person.email.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(await verifyApiToken(String(res.json.token))).toEqual({ userId: person.id, sessionVersion: 0 });
    const lifetime = new Date(String(res.json.expiresAt)).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it("refuses a token for another person's email with 403", async () => {
    const [person, other] = [await createUser(), await createUser({ role: "admin" })];
    const res = await call(POST, { method: "POST", headers: { cookie: await sessionCookieFor(person) }, body: { email: other.email } });
    expect(res.status).toBe(403);
    expect(res.json.token).toBeUndefined();
  });

  it("does not let a token renew itself, nor another site ask with the cookie", async () => {
    const person = await createUser();
    const renewed = await call(POST, { method: "POST", as: person, body: { email: person.email } });
    expect(renewed.status).toBe(403);
    const crossSite = await call(POST, {
      method: "POST",
      headers: { cookie: await sessionCookieFor(person), origin: "https://evil.example" },
      body: { email: person.email },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.token).toBeUndefined();
  });

  it("refuses callers without credentials, or with a forged or expired token, with 401", async () => {
    const person = await createUser();
    expect((await call(POST, { method: "POST", body: { email: person.email } })).status).toBe(401);
    const { token } = createApiToken(person.id);
    const [head, payload, sig] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: (await createUser({ role: "admin" })).id })).toString("base64url")}.${sig}`;
    expect((await call(POST, { method: "POST", token: tampered, body: { email: person.email } })).status).toBe(401);
    const expired = createApiToken(person.id, Date.now() - 61 * 60 * 1000).token;
    expect((await call(POST, { method: "POST", token: expired, body: { email: person.email } })).status).toBe(401);
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString("base64url")}.${payload}.`;
    expect((await call(POST, { method: "POST", token: noneAlg, body: { email: person.email } })).status).toBe(401);
    const expiredSession = await sessionCookieFor(person, -60);
    expect((await call(POST, { method: "POST", headers: { cookie: expiredSession }, body: { email: person.email } })).status).toBe(401);
    const forgedSession = `authjs.session-token=${"x".repeat(40)}`;
    expect((await call(POST, { method: "POST", headers: { cookie: forgedSession }, body: { email: person.email } })).status).toBe(401);
  });

  it("answers 400 for bodies that are not an email, arrays, or the original's crash payloads", async () => {
    const person = await createUser();
    const cookie = await sessionCookieFor(person);
    for (const body of [{ exp: 1 }, [1], { email: { $ne: null } }, { email: "x" }]) {
      expect((await call(POST, { method: "POST", headers: { cookie }, body })).status).toBe(400);
    }
  });
});

describe("POST /api/is_user_exist", () => {
  it("refuses an oversized body with 413", async () => {
    const person = await createUser();
    const res = await call(isUserExist, { method: "POST", as: person, body: { email: person.email, pad: "x".repeat(100 * 1024) } });
    expect(res.status).toBe(413);
  });

  it("answers the caller's own role", async () => {
    const person = await createUser({ role: "surveyor" });
    const res = await call(isUserExist, { method: "POST", as: person, body: { email: person.email } });
    expect(res.json).toEqual({ userExist: true, result: { _id: person.id, email: person.email, role: "surveyor", name: person.name } });
  });

  it("refuses another person's email for a non-admin, and never takes a filter", async () => {
    const [person, other] = [await createUser(), await createUser()];
    expect((await call(isUserExist, { method: "POST", as: person, body: { email: other.email } })).status).toBe(403);
    expect((await call(isUserExist, { method: "POST", as: person, body: { role: "admin" } })).status).toBe(400);
    expect((await call(isUserExist, { method: "POST", as: person, body: { email: { $regex: "^a" } } })).status).toBe(400);
    expect((await call(isUserExist, { method: "POST", body: { email: person.email } })).status).toBe(401);
  });

  it("lets an admin look anyone up, without the password hash", async () => {
    const admin = await createUser({ role: "admin" });
    const other = await createUser({ passwordHash: "scrypt$secret" });
    const res = await call(isUserExist, { method: "POST", as: admin, body: { email: other.email } });
    expect(res.json.userExist).toBe(true);
    expect(JSON.stringify(res.json)).not.toContain("scrypt");
    const missing = await call(isUserExist, { method: "POST", as: admin, body: { email: "nobody@example.test" } });
    expect(missing.json).toEqual({ userExist: false });
  });
});

describe("POST /api/user", () => {
  it("is idempotent for the caller with role user", async () => {
    const person = await createUser();
    const res = await call(createUserRecord, { method: "POST", as: person, body: { email: person.email, role: "user" } });
    expect(res.status).toBe(200);
    expect(res.json.insertedId).toBeNull();
  });

  it("refuses role admin, another email, and a bad role, changing nothing", async () => {
    const person = await createUser();
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(users);
    const asAdmin = await call(createUserRecord, { method: "POST", as: person, body: { email: person.email, role: "admin" } });
    expect(asAdmin.status).toBe(403);
    const other = await call(createUserRecord, { method: "POST", as: person, body: { email: "someone-else@example.test", role: "user" } });
    expect(other.status).toBe(403);
    const bad = await call(createUserRecord, { method: "POST", as: person, body: { email: person.email, role: "root" } });
    expect(bad.status).toBe(400);
    const [after] = await db.select({ n: count() }).from(users);
    expect(after.n).toBe(before.n);
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, person.id));
    expect(row.role).toBe("user");
  });
});
