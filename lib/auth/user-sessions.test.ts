// Sessions per device: each sign-in opens a user_sessions row whose id the cookie carries (`sid`);
// a cookie counts while its row is live, the account not deleted; one browser can end another.
import { and, eq, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/me/route";
import { DELETE as endOne } from "@/app/api/me/sessions/[id]/route";
import { DELETE as endOthers, GET as listSessions } from "@/app/api/me/sessions/route";
import { createApiToken } from "@/lib/auth/api-token";
import { resolveCaller } from "@/lib/auth/guards";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { users, userSessions } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf, SESSION_COOKIE, sessionCookieFor, signInWithPassword, signOutWith } from "@/tests/session-cookie";

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

let hash: Promise<string> | undefined;
async function person() {
  return createUser({ passwordHash: await (hash ??= hashPassword("right-password")) });
}
async function signIn(email: string, userAgent = FIREFOX_LINUX) {
  const cookie = await signInWithPassword(email, "right-password", { userAgent });
  expect(cookie).toBeTruthy();
  return cookie!;
}
async function sidOf(cookie: string): Promise<string> {
  const value = cookie.split("; ").find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.slice(SESSION_COOKIE.length + 1);
  const token = await decode({ token: value, secret: process.env.AUTH_SECRET!, salt: SESSION_COOKIE });
  return token?.sid as string;
}
const names = (cookie: string) => cookie.split("; ").map((c) => c.split("=")[0]);
const callerOf = (cookie: string) => resolveCaller(new Headers({ cookie }), names(cookie));
const meWith = async (headers: Record<string, string>) => (await call(me, { headers })).json.user as { id: string } | null;

describe("sessions per device", () => {
  it("signing in opens a session row with the browser's user agent, and the cookie names it", async () => {
    const p = await person();
    const cookie = await signIn(p.email);
    const sid = await sidOf(cookie);
    const db = await getDb();
    const rows = await db.select().from(userSessions).where(eq(userSessions.userId, p.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: sid, userAgent: FIREFOX_LINUX, revokedAt: null });
    expect(await callerOf(cookie)).toMatchObject({ id: p.id, sessionId: sid });
    expect((await authSessionOf(cookie))?.user?.email).toBe(p.email);

    // A huge user agent is capped.
    const long = await signIn(p.email, `Agent/${"x".repeat(5000)}`);
    const [row] = await db.select().from(userSessions).where(eq(userSessions.id, await sidOf(long)));
    expect(row.userAgent!.length).toBe(512);
  });

  it("a revoked session's cookie is refused at once, by the guards and by /api/auth/session", async () => {
    const p = await person();
    const cookie = await signIn(p.email);
    const other = await signIn(p.email, SAFARI_IPHONE);
    const db = await getDb();
    await db.update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.id, await sidOf(cookie)));
    expect(await callerOf(cookie)).toBeNull();
    expect(await meWith({ cookie })).toBeNull();
    expect(await authSessionOf(cookie)).toBeNull();
    // The other browser is untouched.
    expect(await callerOf(other)).toMatchObject({ id: p.id });
  });

  it("a session id belonging to someone else is refused, and so is one that is not an id", async () => {
    const [a, b] = [await person(), await person()];
    const bCookie = await signIn(b.email);
    const forged = await sessionCookieFor(a, 3600, { sid: await sidOf(bCookie), sv: 0 });
    expect(await callerOf(forged)).toBeNull();
    expect(await authSessionOf(forged)).toBeNull();
    for (const sid of ["not-an-id", 42, null]) expect(await callerOf(await sessionCookieFor(a, 3600, { sid }))).toBeNull();
  });

  it("a deleted account's cookie is refused even though its row was live", async () => {
    const p = await person();
    const cookie = await signIn(p.email);
    const db = await getDb();
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, p.id));
    expect(await callerOf(cookie)).toBeNull();
    expect(await authSessionOf(cookie)).toBeNull();
  });

  it("last_seen_at is refreshed only when more than 5 minutes old", async () => {
    const p = await person();
    const cookie = await signIn(p.email);
    const sid = await sidOf(cookie);
    const db = await getDb();
    const lastSeen = async () => (await db.select({ at: sql<string>`${userSessions.lastSeenAt}::text` }).from(userSessions).where(eq(userSessions.id, sid)))[0].at;
    const setAgo = (minutes: number) =>
      db.update(userSessions).set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` }).where(eq(userSessions.id, sid));

    await setAgo(3);
    const recent = await lastSeen();
    await callerOf(cookie);
    await authSessionOf(cookie);
    expect(await lastSeen()).toBe(recent);

    await setAgo(10);
    const stale = await lastSeen();
    await callerOf(cookie);
    const refreshed = await lastSeen();
    expect(refreshed).not.toBe(stale);
    // Moved to the time of the request: the 10 minutes back, whatever the machine's speed.
    expect(Date.parse(refreshed) - Date.parse(stale)).toBeGreaterThanOrEqual(10 * 60_000);
    // Refreshed once: the next requests leave it.
    await callerOf(cookie);
    await authSessionOf(cookie);
    expect(await lastSeen()).toBe(refreshed);
  });

  it("a cookie from before sessions per device (no sid) works until the person signs out", async () => {
    const p = await person();
    const legacy = await sessionCookieFor(p);
    expect(await callerOf(legacy)).toMatchObject({ id: p.id, sessionId: null });
    expect((await authSessionOf(legacy))?.user?.id).toBe(p.id);
    expect((await signOutWith(legacy)).status).toBe(200);
    expect(await callerOf(legacy)).toBeNull();
    expect(await authSessionOf(legacy)).toBeNull();
  });

  it("signing out ends this browser's session row only; the person's other browser stays signed in", async () => {
    const p = await person();
    const [one, two] = [await signIn(p.email), await signIn(p.email, SAFARI_IPHONE)];
    expect((await signOutWith(one)).status).toBe(200);
    expect(await callerOf(one)).toBeNull();
    expect(await callerOf(two)).toMatchObject({ id: p.id });
    const db = await getDb();
    const live = await db.select().from(userSessions).where(and(eq(userSessions.userId, p.id), sql`${userSessions.revokedAt} is null`));
    expect(live.map((row) => row.id)).toEqual([await sidOf(two)]);
  });
});

describe("the account page's sessions", () => {
  it("lists the live sessions with browser, system and which one is this one", async () => {
    const p = await person();
    // A second of slack: the database's clock and this process's are the same clock, read separately.
    const startedAt = Date.now() - 1_000;
    const here = await signIn(p.email);
    const phone = await signIn(p.email, SAFARI_IPHONE);
    const ended = await signIn(p.email);
    const db = await getDb();
    await db.update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.id, await sidOf(ended)));

    const res = await call(listSessions, { headers: { cookie: here } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const sessions = res.json.sessions as { id: string; browser: string; os: string; current: boolean; createdAt: string; lastSeenAt: string }[];
    expect(sessions).toHaveLength(2);
    expect(res.json.total).toBe(2);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ id: await sidOf(here), browser: "Firefox 128", os: "Linux" });
    expect(sessions.find((s) => !s.current)).toMatchObject({ id: await sidOf(phone), browser: "Safari 17", os: "iOS" });
    expect(Date.parse(mine.createdAt)).toBeGreaterThanOrEqual(startedAt);

    // By API token: the same list, none of them "this device".
    const byToken = await call(listSessions, { as: p });
    expect((byToken.json.sessions as { current: boolean }[]).map((s) => s.current)).toEqual([false, false]);
  });

  it("ends one other session; an id that is not the caller's live session is 404", async () => {
    const [p, stranger] = [await person(), await person()];
    const here = await signIn(p.email);
    const phone = await signIn(p.email, SAFARI_IPHONE);
    const theirs = await signIn(stranger.email);

    const res = await call(endOne, { method: "DELETE", headers: { cookie: here }, params: { id: await sidOf(phone) } });
    expect(res.status).toBe(200);
    expect(await callerOf(phone)).toBeNull();
    expect(await authSessionOf(phone)).toBeNull();
    expect(await callerOf(here)).toMatchObject({ id: p.id });

    for (const id of [await sidOf(phone), await sidOf(theirs), "00000000-0000-4000-8000-000000000000", "not-an-id", "1 OR 1=1"]) {
      const refused = await call(endOne, { method: "DELETE", headers: { cookie: here }, params: { id } });
      expect(refused.status, id).toBe(404);
      expect(refused.json.error?.code).toBe("not_found");
    }
    expect(await callerOf(theirs)).toMatchObject({ id: stranger.id });
    expect((await call(endOne, { method: "DELETE", params: { id: await sidOf(theirs) } })).status).toBe(401);
  });

  it("signing out everywhere else keeps this cookie and ends the other browsers, old cookies and API tokens", async () => {
    const p = await person();
    const here = await signIn(p.email);
    const others = [await signIn(p.email, SAFARI_IPHONE), await signIn(p.email)];
    const legacy = await sessionCookieFor(p);
    const token = createApiToken(p.id).token;
    expect(await meWith({ authorization: `Bearer ${token}` })).toMatchObject({ id: p.id });

    const res = await call(endOthers, { method: "DELETE", headers: { cookie: here } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ended: 2 });
    expect(await callerOf(here)).toMatchObject({ id: p.id });
    expect((await authSessionOf(here))?.user?.email).toBe(p.email);
    for (const cookie of [...others, legacy]) {
      expect(await callerOf(cookie)).toBeNull();
      expect(await authSessionOf(cookie)).toBeNull();
    }
    expect(await meWith({ authorization: `Bearer ${token}` })).toBeNull();
  });

  it("answers 401 JSON to a caller without a session", async () => {
    for (const res of [await call(listSessions), await call(endOthers, { method: "DELETE" })]) {
      expect(res.status).toBe(401);
      expect(res.json.error?.code).toBe("unauthorized");
    }
  });
});
