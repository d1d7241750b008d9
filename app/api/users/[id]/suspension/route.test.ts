import { and, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as me } from "@/app/api/me/route";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { CANNOT_SUSPEND_ADMIN, CANNOT_SUSPEND_SELF } from "@/lib/moderation/suspension";
import { auditEvents, userSessions } from "@/models";
import { expectAdminOnly } from "@/tests/admin";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf, csrf, signInWithPassword } from "@/tests/session-cookie";
import { DELETE, POST } from "./route";

const path = (id: string) => `/api/users/${id}/suspension`;
const suspend = (as: { id: string } | null, id: string, body: unknown = { reason: "Fake accounts voting together" }) =>
  call(POST, { method: "POST", path: path(id), as, params: { id }, body });
const lift = (as: { id: string } | null, id: string) => call(DELETE, { method: "DELETE", path: path(id), as, params: { id } });

const rowOf = (id: string) => userRow(id);

async function auditOf(id: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetUserId, id)));
}

/** The redirect Auth.js answers a password sign-in with (the login page reads its `code`). */
async function signInRedirect(email: string, password: string) {
  const token = await csrf();
  const res = await authPost(
    new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { cookie: token.cookie, "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1", "x-forwarded-for": "10.41.0.1" },
      body: new URLSearchParams({ email, password, csrfToken: token.csrfToken, callbackUrl: "/" }),
    }),
  );
  return new URL(((await res.json()) as { url: string }).url);
}

describe("POST/DELETE /api/users/{id}/suspension", () => {
  it("suspends: sign-in is refused with the suspended code, the old cookie and API token are dead at once; lifting lets the person in again", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser({ email: `suspect-${Date.now()}@example.test`, passwordHash: await hashPassword("right-password") });
    const cookie = await signInWithPassword(person.email, "right-password");
    expect(cookie).toBeTruthy();
    expect((await call(me, { headers: { cookie: cookie! } })).json.user).toMatchObject({ id: person.id });
    expect((await call(me, { as: person })).json.user).toMatchObject({ id: person.id });

    const res = await suspend(admin, person.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: person.id, suspended: true, reason: "Fake accounts voting together", changed: true });

    // The old cookie and a token made before are dead; a fresh token is refused too (the guard reads suspended_at).
    expect((await call(me, { headers: { cookie: cookie! } })).json.user).toBeNull();
    expect(await authSessionOf(cookie!)).toBeNull();
    expect((await call(me, { as: person })).json.user).toBeNull();
    const db = await getDb();
    const live = await db.select().from(userSessions).where(and(eq(userSessions.userId, person.id)));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    // The right password is refused with the code the login page turns into "This account is suspended."
    expect(await signInWithPassword(person.email, "right-password")).toBeNull();
    const refused = await signInRedirect(person.email, "right-password");
    expect(refused.searchParams.get("code")).toBe("suspended");
    // A wrong password learns nothing about the suspension.
    expect((await signInRedirect(person.email, "wrong-password")).searchParams.get("code")).not.toBe("suspended");

    const [audit] = (await auditOf(person.id)).filter((a) => a.action === "account_suspend");
    expect(audit).toMatchObject({ actorId: admin.id, feedback: "Fake accounts voting together", newValue: "suspended" });

    const lifted = await lift(admin, person.id);
    expect(lifted.status).toBe(200);
    expect(lifted.json).toMatchObject({ suspended: false, changed: true });
    expect(await signInWithPassword(person.email, "right-password")).toBeTruthy();
    expect((await auditOf(person.id)).map((a) => a.action).sort()).toEqual(["account_suspend", "account_unsuspend"]);
  });

  it("is idempotent: suspending a suspended account changes nothing and answers its current state", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser();
    await suspend(admin, person.id, { reason: "first" });
    const before = await rowOf(person.id);
    const again = await suspend(admin, person.id, { reason: "second" });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ suspended: true, reason: "first", changed: false });
    const after = await rowOf(person.id);
    expect(after.suspendedAt).toEqual(before.suspendedAt);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect(await auditOf(person.id)).toHaveLength(1);
    // Lifting twice: the second changes nothing either.
    await lift(admin, person.id);
    expect((await lift(admin, person.id)).json).toMatchObject({ suspended: false, changed: false });
    expect(await auditOf(person.id)).toHaveLength(2);
  });

  it("refuses non-admins, oneself, other admins and bad input, changing nothing", async () => {
    const person = await createUser();
    await expectAdminOnly(POST, { method: "POST", path: path(person.id), body: { reason: "x" } });
    const admin = await createUser({ role: "admin" });
    const self = await suspend(admin, admin.id);
    expect(self.status).toBe(403);
    expect(self.json.error?.message).toBe(CANNOT_SUSPEND_SELF);
    const otherAdmin = await createUser({ role: "admin" });
    const peer = await suspend(admin, otherAdmin.id);
    expect(peer.status).toBe(403);
    expect(peer.json.error?.message).toBe(CANNOT_SUSPEND_ADMIN);

    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }, { reason: 5 }, { reason: "bell\u0007" }]) {
      expect((await suspend(admin, person.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    // An id that is not one is no account, as on every /api/users/{id} route.
    expect((await suspend(admin, "not-a-uuid")).status).toBe(404);
    expect((await suspend(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await lift(await createUser({ role: "surveyor" }), person.id)).status).toBe(403);
    expect((await lift(null, person.id)).status).toBe(401);

    for (const id of [person.id, admin.id, otherAdmin.id]) {
      expect((await rowOf(id)).suspendedAt).toBeNull();
      expect(await auditOf(id)).toHaveLength(0);
    }
    // 500 characters exactly is allowed.
    expect((await suspend(admin, person.id, { reason: "x".repeat(500) })).status).toBe(200);
  });
});
