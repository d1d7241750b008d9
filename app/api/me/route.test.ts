import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { users } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET, PATCH } from "./route";

async function localeOf(userId: string) {
  const db = await getDb();
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return user.locale;
}

describe("GET /api/me", () => {
  it("answers null for a caller without credentials", async () => {
    const res = await call(GET);
    expect(res.status).toBe(200);
    expect(res.json.user).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("names the bearer of a valid token, with the role from the database", async () => {
    const person = await createUser({ role: "surveyor" });
    const res = await call(GET, { as: person });
    expect(res.json.user).toMatchObject({ id: person.id, email: person.email, role: "surveyor" });
  });

  it("treats a forged or expired token as signed out", async () => {
    const person = await createUser();
    const { token } = createApiToken(person.id);
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    expect((await call(GET, { token: forged })).json.user).toBeNull();
    const expired = createApiToken(person.id, Date.now() - 2 * 60 * 60 * 1000).token;
    expect((await call(GET, { token: expired })).json.user).toBeNull();
  });
});

describe("PATCH /api/me", () => {
  it("changes the caller's name, as registration checks it", async () => {
    const person = await createUser({ name: "Old Name" });
    const res = await call(PATCH, { method: "PATCH", as: person, body: { name: "  مرحبا New Name 😀 " } });
    expect(res.status).toBe(200);
    expect(res.json.user).toEqual({ id: person.id, email: person.email, name: "مرحبا New Name 😀", image: null, role: "user" });
    expect((await call(GET, { as: person })).json.user).toMatchObject({ name: "مرحبا New Name 😀" });

    for (const name of ["", "   ", "x".repeat(81), "Evil\u202Egnp.exe", "bell\u0007", 5, null]) {
      const refused = await call(PATCH, { method: "PATCH", as: person, body: { name } });
      expect(refused.status, String(name)).toBe(400);
      expect(refused.json.error?.issues?.[0]?.path).toBe("name");
    }
    expect((await call(PATCH, { method: "PATCH", as: person, body: { name: "Fine", role: "admin" } })).status).toBe(400);
    expect((await call(GET, { as: person })).json.user).toMatchObject({ name: "مرحبا New Name 😀", role: "user" });
  });

  it("saves the caller's language (the one their mail is written in), and refuses one it does not know, changing nothing", async () => {
    const person = await createUser({ name: "Lena Lang" });
    const saved = await call(PATCH, { method: "PATCH", as: person, body: { locale: "de" } });
    expect(saved.status).toBe(200);
    expect(saved.json.user).toEqual({ id: person.id, email: person.email, name: "Lena Lang", image: null, role: "user" });
    expect(await localeOf(person.id)).toBe("de");

    for (const locale of ["xx", "fr", "DE", "", null, 5]) {
      const refused = await call(PATCH, { method: "PATCH", as: person, body: { locale } });
      expect(refused.status, String(locale)).toBe(400);
      expect(refused.json.error?.issues?.[0]?.path, String(locale)).toBe("locale");
    }
    // A bad language refuses a good name sent with it; nothing at all is no change either.
    expect((await call(PATCH, { method: "PATCH", as: person, body: { name: "New Name", locale: "xx" } })).status).toBe(400);
    expect((await call(PATCH, { method: "PATCH", as: person, body: {} })).status).toBe(400);
    expect(await localeOf(person.id)).toBe("de");
    expect((await call(GET, { as: person })).json.user).toMatchObject({ name: "Lena Lang" });

    const both = await call(PATCH, { method: "PATCH", as: person, body: { name: "Lena Lange", locale: "es" } });
    expect(both.json.user).toMatchObject({ name: "Lena Lange" });
    expect(await localeOf(person.id)).toBe("es");

    const anon = await call(PATCH, { method: "PATCH", body: { locale: "de" } });
    expect(anon.status).toBe(401);
  });

  it("wants JSON (415 otherwise) and a signed-in caller (401)", async () => {
    const person = await createUser();
    const form = await call(PATCH, { method: "PATCH", as: person, rawBody: "name=Someone", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const anon = await call(PATCH, { method: "PATCH", body: { name: "Someone" } });
    expect(anon.status).toBe(401);
    expect(anon.json.error?.code).toBe("unauthorized");
  });
});
