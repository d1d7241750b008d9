import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { auditEvents, users } from "@/models";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET as me } from "../me/route";
import { POST } from "./route";

const roleOf = async (id: string) => (await userRow(id)).role;

async function auditRowsFor(targetUserId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(and(eq(auditEvents.action, "role_change"), eq(auditEvents.targetUserId, targetUserId)));
}

describe("POST /api/update_role", () => {
  it("lets an admin change a role, which the person's very next request sees", async () => {
    const [admin, person] = [await createUser({ role: "admin" }), await createUser()];
    const res = await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "surveyor" } });
    expect(res.json).toEqual({ modifiedCount: 1 });
    expect((await call(me, { as: person })).json.user).toMatchObject({ role: "surveyor" });
    const again = await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "surveyor" } });
    expect(again.json).toEqual({ modifiedCount: 0 });
  });

  it("records each change in one audit row (who, to whom, old and new role); a no-op or a refusal records none", async () => {
    const [admin, person] = [await createUser({ role: "admin" }), await createUser()];
    await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "surveyor" } });
    await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "surveyor" } });
    await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "pro_user" } });
    const rows = (await auditRowsFor(person.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(rows.map((r) => [r.actorId, r.oldValue, r.newValue])).toEqual([
      [admin.id, "user", "surveyor"],
      [admin.id, "surveyor", "pro_user"],
    ]);
    expect(rows.every((r) => r.targetSurveyId === null && r.feedback === null)).toBe(true);

    const bystander = await createUser({ role: "surveyor" });
    await call(POST, { method: "POST", as: bystander, body: { id: person.id, role: "admin" } });
    await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "nobody" } });
    expect(await auditRowsFor(person.id)).toHaveLength(2);
  });

  it("refuses everyone but admins, changing nothing", async () => {
    const target = await createUser();
    for (const role of ["user", "pro_user", "surveyor"] as const) {
      const caller = await createUser({ role });
      const res = await call(POST, { method: "POST", as: caller, body: { id: caller.id, role: "admin" } });
      expect(res.status).toBe(403);
      expect(await roleOf(caller.id)).toBe(role);
    }
    expect((await call(POST, { method: "POST", body: { id: target.id, role: "admin" } })).status).toBe(401);
    expect(await roleOf(target.id)).toBe("user");
  });

  it("refuses an unknown role, a malformed id and an unknown id", async () => {
    const [admin, person] = [await createUser({ role: "admin" }), await createUser()];
    expect((await call(POST, { method: "POST", as: admin, body: { id: person.id, role: "superuser" } })).status).toBe(400);
    expect((await call(POST, { method: "POST", as: admin, body: { id: "abc", role: "user" } })).status).toBe(400);
    const unknown = await call(POST, { method: "POST", as: admin, body: { id: "00000000-0000-4000-8000-000000000000", role: "user" } });
    expect(unknown.status).toBe(404);
    expect(await roleOf(person.id)).toBe("user");
  });

  it("never demotes the last admin, even when two admins demote each other at once", async () => {
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const [a, b] = [await createUser({ role: "admin" }), await createUser({ role: "admin" })];
    const results = await Promise.all([
      call(POST, { method: "POST", as: a, body: { id: b.id, role: "user" } }),
      call(POST, { method: "POST", as: b, body: { id: a.id, role: "user" } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One wins; the other is then either no longer an admin (403) or the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
    expect(remaining).toHaveLength(1);
    const self = await call(POST, { method: "POST", as: { id: remaining[0].id }, body: { id: remaining[0].id, role: "user" } });
    expect(self.status).toBe(409);
    expect(self.json.error?.message).toMatch(/last admin cannot be demoted/);
    expect(await roleOf(remaining[0].id)).toBe("admin");
    // Exactly one audit row: the one demotion that happened.
    const demotions = [...(await auditRowsFor(a.id)), ...(await auditRowsFor(b.id))];
    expect(demotions).toHaveLength(1);
    expect(demotions[0]).toMatchObject({ oldValue: "admin", newValue: "user", actorId: remaining[0].id });
  });

  it("keeps one admin when three admins demote each other in a ring at once (no deadlock, no 500)", async () => {
    const db = await getDb();
    for (let round = 0; round < 3; round++) {
      await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
      const admins = [await createUser({ role: "admin" }), await createUser({ role: "admin" }), await createUser({ role: "admin" })];
      const results = await Promise.all(
        admins.map((actor, i) => call(POST, { method: "POST", as: actor, body: { id: admins[(i + 1) % 3].id, role: "user" } })),
      );
      for (const r of results) expect([200, 403, 409]).toContain(r.status);
      const remaining = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin"));
      expect(remaining.length).toBeGreaterThanOrEqual(1);
      expect(results.filter((r) => r.status === 200)).toHaveLength(3 - remaining.length);
    }
  });

  it("lets an admin demote another admin while more than one remains, and even themselves", async () => {
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
    const [a, b, c] = [await createUser({ role: "admin" }), await createUser({ role: "admin" }), await createUser({ role: "admin" })];
    expect((await call(POST, { method: "POST", as: a, body: { id: b.id, role: "surveyor" } })).json).toEqual({ modifiedCount: 1 });
    expect((await call(POST, { method: "POST", as: a, body: { id: a.id, role: "user" } })).json).toEqual({ modifiedCount: 1 });
    // a is no longer an admin: the next call is refused at once.
    expect((await call(POST, { method: "POST", as: a, body: { id: c.id, role: "user" } })).status).toBe(403);
    expect(await roleOf(c.id)).toBe("admin");
  });
});
