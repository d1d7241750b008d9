import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { users } from "@/models";
import { ROLES } from "@/models/enums";
import { createUser } from "@/tests/factories";
import { sessionCookieFor } from "@/tests/session-cookie";
import { dashboardActionOf, resolveCaller } from "./guards";
import { can } from "./permissions";

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

describe("dashboardActionOf", () => {
  it("opens each role's dashboard to that role alone", () => {
    for (const section of ROLES) {
      const action = dashboardActionOf(section)!;
      for (const role of ROLES) expect([section, role, can(role, action)]).toEqual([section, role, role === section]);
    }
  });

  it("asks nothing more of the sections every signed-in person may open, and knows no inherited names", () => {
    for (const section of ["account", "__proto__", "constructor", "toString", ""]) expect(dashboardActionOf(section)).toBeNull();
  });
});
