import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { itIsForAdminsOnly } from "@/tests/admin";
import { GET } from "./route";

const get = (as: { id: string } | null, query = "") => call(GET, { as, path: `/api/get_user${query}` });

describe("GET /api/get_user", () => {
  itIsForAdminsOnly(GET, { path: "/api/get_user" });

  it("answers the plain call with an array of { _id, email, role, name, emailVerified, suspended } and never a password hash", async () => {
    const passwordHash = await hashPassword("a secret phrase");
    const admin = await createUser({ role: "admin", passwordHash });
    const person = await createUser({ name: "Hashed Person", passwordHash });
    const res = await get(admin);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    const rows = res.json as unknown as Record<string, unknown>[];
    expect(rows.find((r) => r._id === person.id)).toEqual({ _id: person.id, email: person.email, role: "user", name: "Hashed Person", emailVerified: true, suspended: false });
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["_id", "email", "emailVerified", "name", "role", "suspended"]);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(passwordHash);
    expect(text).not.toContain(passwordHash.split("$").pop());
    expect(res.headers.get("x-total-count")).toBe(String(rows.length));
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("filters by role, searches email or name by prefix (case-insensitive, wildcards literal) and pages", async () => {
    const admin = await createUser({ role: "admin" });
    const tag = `zq${Date.now().toString(36)}`;
    const a = await createUser({ email: `${tag}-a@test.example`, role: "surveyor", name: "Alpha" });
    const b = await createUser({ email: `${tag}-b@test.example`, role: "user", name: "Beta" });
    const c = await createUser({ email: `other-${tag}@test.example`, role: "surveyor", name: `${tag.toUpperCase()} Gamma` });
    await createUser({ email: `x${tag}@test.example`, name: "Delta" });

    const ids = (res: Awaited<ReturnType<typeof get>>) => (res.json as unknown as { _id: string }[]).map((r) => r._id);

    // a and b by their email, c by its name; in email order ("other-…" before "zq…").
    const found = ids(await get(admin, `?q=${tag}`));
    expect(found).toEqual([c.id, a.id, b.id]);
    expect(ids(await get(admin, `?q=${tag.toUpperCase()}`))).toEqual(found);
    expect(ids(await get(admin, "?q=gam"))).toEqual([]);

    const surveyors = ids(await get(admin, `?role=surveyor&q=${tag}`));
    expect(surveyors).toEqual([c.id, a.id]);
    const onlyRole = (await get(admin, "?role=surveyor")).json as unknown as { role: string }[];
    expect(onlyRole.length).toBeGreaterThanOrEqual(2);
    expect(onlyRole.every((r) => r.role === "surveyor")).toBe(true);

    const page1 = await get(admin, `?q=${tag}&limit=2&page=1`);
    const page2 = await get(admin, `?q=${tag}&limit=2&page=2`);
    expect(ids(page1)).toEqual([c.id, a.id]);
    expect(ids(page2)).toEqual([b.id]);
    expect(page1.headers.get("x-total-count")).toBe("3");

    // `%` and `_` are not wildcards: "%" matches nothing rather than everyone.
    expect(ids(await get(admin, "?q=%25"))).toEqual([]);
    expect(ids(await get(admin, "?q=_"))).toEqual([]);
    // The 'All Roles' choice is an empty role.
    expect((await get(admin, `?role=&q=${tag}`)).status).toBe(200);
  });

  it("counts a search's matches up to 1,001 (more than 1,000) and ends its pages there", async () => {
    const admin = await createUser({ role: "admin" });
    const db = await getDb();
    const tag = `wide${Date.now().toString(36)}`;
    await db.execute(sql`
      insert into users (email, name, role)
      select ${tag} || '-' || lpad(i::text, 5, '0') || '@test.example', 'Wide ' || i, 'user'
      from generate_series(1, 1200) as i`);
    const first = await get(admin, `?q=${tag}&limit=100`);
    expect(first.headers.get("x-total-count")).toBe("1001");
    expect((first.json as unknown as { email: string }[])[0].email).toBe(`${tag}-00001@test.example`);
    // Page 11 of 100 holds matches 1,001 to 1,100: it starts within the count and is read.
    expect(((await get(admin, `?q=${tag}&limit=100&page=11`)).json as unknown as unknown[]).length).toBe(100);
    expect((await get(admin, `?q=${tag}&limit=100&page=12`)).json).toEqual([]);
    // A narrower search is counted exactly.
    expect((await get(admin, `?q=${tag}-0001`)).headers.get("x-total-count")).toBe("10");
  });

  it("refuses an unknown role, a limit above 100, a bad page and an oversize search with 400", async () => {
    const admin = await createUser({ role: "admin" });
    for (const query of ["?role=superuser", "?limit=101", "?limit=0", "?page=0", "?page=abc", `?q=${"a".repeat(101)}`, "?q=%01"]) {
      const res = await get(admin, query);
      expect(res.status, query).toBe(400);
      expect(res.json.error?.code).toBe("bad_request");
    }
  });
});
