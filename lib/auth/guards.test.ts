import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { users } from "@/models";
import { createUser } from "@/tests/factories";
import { sessionCookieFor } from "@/tests/session-cookie";
import { resolveCaller } from "./guards";

const headers = (entries: Record<string, string>) => new Headers(entries);
const names = (cookie: string) => cookie.split("; ").map((c) => c.split("=")[0]);

describe("resolveCaller", () => {
  it("reads the session cookie, with the role from the database at this moment", async () => {
    const person = await createUser();
    const cookie = await sessionCookieFor(person);
    expect(await resolveCaller(headers({ cookie }), names(cookie))).toMatchObject({ id: person.id, role: "user" });
    const db = await getDb();
    await db.update(users).set({ role: "pro_user" }).where(eq(users.id, person.id));
    expect(await resolveCaller(headers({ cookie }), names(cookie))).toMatchObject({ role: "pro_user" });
  });

  it("never falls back to the cookie when a Bearer token is forged, or not a Bearer token at all", async () => {
    const person = await createUser();
    const cookie = await sessionCookieFor(person);
    const forged = createApiToken(person.id).token.slice(0, -3) + "abc";
    expect(await resolveCaller(headers({ cookie, authorization: `Bearer ${forged}` }), names(cookie))).toBeNull();
    expect(await resolveCaller(headers({ cookie, authorization: "Basic dXNlcjpwYXNz" }), names(cookie))).toBeNull();
  });

  it("treats an expired, forged or deleted person's session as signed out", async () => {
    const person = await createUser();
    const expired = await sessionCookieFor(person, -60);
    expect(await resolveCaller(headers({ cookie: expired }), names(expired))).toBeNull();
    const forged = "authjs.session-token=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..abc.def.ghi";
    expect(await resolveCaller(headers({ cookie: forged }), names(forged))).toBeNull();
    const cookie = await sessionCookieFor(person);
    await (await getDb()).delete(users).where(eq(users.id, person.id));
    expect(await resolveCaller(headers({ cookie }), names(cookie))).toBeNull();
  });
});
