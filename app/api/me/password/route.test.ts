import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/me/route";
import { createApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { auditEvents, limitHits, mailOutbox } from "@/models";
import { PASSWORD, personWithData } from "@/tests/account-data";
import { createUser, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf, sessionCookieFor, signInWithPassword } from "@/tests/session-cookie";
import { POST } from "./route";

const NEW_PASSWORD = "a-brand-new-password";
const meWith = async (headers: Record<string, string>) => (await call(me, { headers })).json.user as { id: string } | null;
const change = (cookie: string, body: unknown, headers: Record<string, string> = {}) => call(POST, { method: "POST", headers: { cookie, ...headers }, body });

async function failuresOf(email: string) {
  const db = await getDb();
  return (await db.select({ n: count() }).from(limitHits).where(eq(limitHits.key, `email:${email}`)))[0].n;
}
const hashOf = async (id: string) => (await userRow(id)).passwordHash;

describe("POST /api/me/password", () => {
  it("refuses a wrong current password with 400 on the field, changes nothing, and counts the failure", async () => {
    const { person, email } = await personWithData("Wrong");
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    const hash = await hashOf(person.id);
    const failures = await failuresOf(email);
    const res = await change(cookie, { currentPassword: "not-my-password", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "bad_request", message: "That is not your current password.", issues: [{ path: "currentPassword" }] });
    expect(await hashOf(person.id)).toBe(hash);
    expect(await failuresOf(email)).toBe(failures + 1);
    expect(await meWith({ cookie })).toMatchObject({ id: person.id });
  });

  it("changes it: the new password signs in, the old one not; other sessions and API tokens end, this one stays", async () => {
    const { person, email } = await personWithData("Changer");
    const here = (await signInWithPassword(email, PASSWORD))!;
    const other = (await signInWithPassword(email, PASSWORD))!;
    const legacy = await sessionCookieFor(person);
    const token = createApiToken(person.id).token;
    const failures = await failuresOf(email);

    const res = await change(here, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    // A right password gives its throttle reservation back.
    expect(await failuresOf(email)).toBe(failures);

    expect(await meWith({ cookie: here })).toMatchObject({ id: person.id });
    expect((await authSessionOf(here))?.user?.email).toBe(email);
    for (const cookie of [other, legacy]) {
      expect(await meWith({ cookie })).toBeNull();
      expect(await authSessionOf(cookie)).toBeNull();
    }
    expect(await meWith({ authorization: `Bearer ${token}` })).toBeNull();
    expect(await signInWithPassword(email, PASSWORD, { address: "10.40.0.2" })).toBeNull();
    expect(await signInWithPassword(email, NEW_PASSWORD)).toBeTruthy();

    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.targetUserId, person.id), eq(auditEvents.action, "password_change")));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: person.id, targetUserId: person.id, oldValue: null, newValue: null, feedback: null });
    // A notice to the account's address, in case it was not its owner.
    const notices = await db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox).where(and(eq(mailOutbox.userId, person.id), eq(mailOutbox.kind, "security_password_changed")));
    expect(notices).toEqual([{ to: email, subject: "Your password was changed" }]);
  });

  it("checks the new password as registration does", async () => {
    const { email } = await personWithData("Rules");
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    for (const [body, path] of [
      [{ currentPassword: PASSWORD, newPassword: "short" }, "newPassword"],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, "newPassword"],
      [{ currentPassword: "", newPassword: NEW_PASSWORD }, "currentPassword"],
      [{ currentPassword: PASSWORD, newPassword: "x".repeat(129) }, "newPassword"],
    ] as const) {
      const res = await change(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.issues?.[0]?.path).toBe(path);
    }
  });

  it("is refused after too many wrong passwords for the account, as the login is", async () => {
    const { email } = await personWithData("Guesser");
    const cookie = (await signInWithPassword(email, PASSWORD))!;
    // The fixture's one failed sign-in plus nine more wrong guesses here.
    for (let i = 0; i < 9; i++) expect((await change(cookie, { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD })).status).toBe(400);
    expect(await failuresOf(email)).toBe(10);
    const refused = await change(cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(refused.status).toBe(429);
  });

  it("says a Google-only account has no password; needs the session cookie, not an API token", async () => {
    const google = await createUser();
    const cookie = await sessionCookieFor(google);
    const res = await change(cookie, { currentPassword: "anything", newPassword: NEW_PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/signs in with Google/);

    const { person } = await personWithData("Bearer");
    const byToken = await call(POST, { method: "POST", as: person, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } });
    expect(byToken.status).toBe(403);
    expect(await call(POST, { method: "POST", body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }).then((r) => r.status)).toBe(401);
  });
});
