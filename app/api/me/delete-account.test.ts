// DELETE /api/me: the person's own account goes; what others rely on (votes, surveys, payments for
// accounting) stays, without anything that names them.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as voters } from "@/app/api/survey/[id]/voters/route";
import { queryRows } from "@/lib/db/client";
import { getDb } from "@/lib/db";
import { authenticateWithPassword, listUsers } from "@/lib/accounts/users";
import { auditEvents, avatars, surveys, users, userSessions } from "@/models";
import { PASSWORD, personWithData } from "@/tests/account-data";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf, sessionCookieFor, signInWithPassword } from "@/tests/session-cookie";
import { DELETE, GET as me } from "./route";

const remove = (cookie: string, body: unknown) => call(DELETE, { method: "DELETE", headers: { cookie }, body });
const meWith = async (cookie: string) => (await call(me, { headers: { cookie } })).json.user as { id: string } | null;

/** Every text-like column of every table that holds `needle` (case-blind): "table.column". */
async function whereIs(needle: string): Promise<string[]> {
  const db = await getDb();
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'json', 'jsonb', 'USER-DEFINED')
        order by table_name, column_name`,
  );
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), ${needle.toLowerCase()}) > 0`,
    );
    if (row.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

async function snapshotOf(userId: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const live = await db.select().from(userSessions).where(and(eq(userSessions.userId, userId), sql`${userSessions.revokedAt} is null`));
  return { user, live: live.length };
}

describe("DELETE /api/me", () => {
  it("deletes the account: votes and counts stay, the email is nowhere, voters show Deleted account, sign-in is refused", async () => {
    const data = await personWithData("Leaving");
    const { person, email, name } = data;
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const other = (await signInWithPassword(email, PASSWORD))!;
    const db = await getDb();
    const counts = async () => db.select({ id: surveys.id, yes: surveys.yesCount, no: surveys.noCount }).from(surveys).orderBy(surveys.id);
    const before = await counts();
    expect(await whereIs(email)).not.toEqual([]);

    const res = await remove(cookie, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    // The browser forgets its session cookie.
    expect(res.headers.getSetCookie().some((c) => /^authjs\.session-token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);

    // Every survey's counts exactly as they were; the votes and the person's own survey are still there.
    expect(await counts()).toEqual(before);
    const voteRows = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from votes where user_id = ${person.id}`);
    expect(voteRows[0].n).toBe(2);
    expect((await db.select().from(surveys).where(eq(surveys.id, data.own.id))).length).toBe(1);

    // Nothing names the person any more, in any table.
    expect(await whereIs(email)).toEqual([]);
    expect(await whereIs(name)).toEqual([]);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ name: null, email: `deleted-${person.id}@deleted.invalid`, image: null, passwordHash: null, role: "user" });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await db.select().from(avatars).where(eq(avatars.id, data.avatarId))).toEqual([]);
    const [payment] = await queryRows<{ user_name: string | null; user_email: string; amount: number }>(db, sql`select user_name, user_email, amount from payments where user_id = ${person.id}`);
    expect(payment).toEqual({ user_name: null, user_email: `deleted-${person.id}@deleted.invalid`, amount: 1600 });

    // Every session and cookie ends; signing in again is refused.
    for (const c of [cookie, other]) {
      expect(await meWith(c)).toBeNull();
      expect(await authSessionOf(c)).toBeNull();
    }
    expect(await signInWithPassword(email, PASSWORD)).toBeNull();
    expect(await authenticateWithPassword({ email, password: PASSWORD }, "10.9.9.9")).toBeNull();

    // The surveyor's voters list and the admin's list.
    const surveyor = await createUser({ role: "admin" });
    const list = await call(voters, { as: surveyor, params: { id: data.voted[1].id } });
    expect(list.json.voters).toMatchObject([{ userName: "Deleted account", userEmail: null, vote: "no", comment: `Comment of Leaving ${data.tag}` }]);
    expect((await listUsers({ limit: 1000 })).rows.map((u) => u.id)).not.toContain(person.id);

    // One audit row, naming the account by id only.
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.action, "account_delete"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: person.id, targetUserId: person.id, targetSurveyId: null, oldValue: null, newValue: null, feedback: null });
  });

  it("refuses a wrong or missing password with 400 and changes nothing", async () => {
    const { person, email } = await personWithData("Keeper");
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const before = await snapshotOf(person.id);
    const wrong = await remove(cookie, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: "bad_request", issues: [{ path: "password" }] });
    const missing = await remove(cookie, {});
    expect(missing.status).toBe(400);
    expect(await snapshotOf(person.id)).toEqual(before);
    expect(await meWith(cookie)).toMatchObject({ id: person.id });
  });

  it("refuses the last admin with 409 and changes nothing; another admin may then leave", async () => {
    const { person, email } = await personWithData("Admin", { role: "admin" });
    const db = await getDb();
    await db.update(users).set({ role: "user" }).where(and(eq(users.role, "admin"), sql`${users.id} <> ${person.id}`));
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const before = await snapshotOf(person.id);
    const res = await remove(cookie, { password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/last admin/);
    expect(await snapshotOf(person.id)).toEqual(before);

    await createUser({ role: "admin" });
    expect((await remove(cookie, { password: PASSWORD })).status).toBe(200);
  });

  it("needs the session cookie: an API token is refused (403), no caller is 401", async () => {
    const { person } = await personWithData("Token");
    const res = await call(DELETE, { method: "DELETE", as: person, body: { password: PASSWORD } });
    expect(res.status).toBe(403);
    expect((await call(DELETE, { method: "DELETE", body: { password: PASSWORD } })).status).toBe(401);
    expect((await snapshotOf(person.id)).user.deletedAt).toBeNull();
  });

  it("a Google-only account is deleted after a fresh sign-in, and refused after an old one", async () => {
    const google = await createUser({ email: "gina-delete@example.test" });
    const db = await getDb();
    const [fresh] = await db.insert(userSessions).values({ userId: google.id }).returning();
    const [old] = await db.insert(userSessions).values({ userId: google.id, createdAt: new Date(Date.now() - 20 * 60_000) }).returning();

    const stale = await remove(await sessionCookieFor(google, 3600, { sid: old.id }), {});
    expect(stale.status).toBe(403);
    expect(stale.json.error?.message).toMatch(/sign in with Google again/);
    expect((await remove(await sessionCookieFor(google), {})).status).toBe(403);

    expect((await remove(await sessionCookieFor(google, 3600, { sid: fresh.id }), {})).status).toBe(200);
    expect(await whereIs("gina-delete@example.test")).toEqual([]);
  });
});
