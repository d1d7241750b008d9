// Log Out ends this browser's session: its old cookie no longer works on /api/me, /api/auth/session or
// /api/jwt, and the API tokens it asked for are refused too; the person's other browsers, and their
// tokens, stay signed in. Ending every session (a password change, "Sign out everywhere") ends them all.
import { describe, expect, it } from "vitest";
import { POST as jwt } from "@/app/api/jwt/route";
import { GET as me } from "@/app/api/me/route";
import { DELETE as endOthers } from "@/app/api/me/sessions/route";
import { hashPassword } from "@/lib/auth/password";
import { revokeSessions } from "@/lib/accounts/users";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { authSessionOf as sessionOf, signInWithPassword, signOutWith } from "@/tests/session-cookie";

async function signIn(email: string, password: string) {
  const cookie = await signInWithPassword(email, password);
  expect(cookie).toBeTruthy();
  return cookie!;
}

const meWith = async (headers: Record<string, string>) => (await call(me, { headers })).json.user as { id: string } | null;

describe("sign-out ends this browser's session and its tokens", () => {
  it("after signing out, the old cookie and the API token it asked for no longer work anywhere; the other browser's still do", async () => {
    const person = await createUser({ email: "leaver@example.test", passwordHash: await hashPassword("right-password") });
    const cookie = await signIn(person.email, "right-password");
    const other = await signIn(person.email, "right-password"); // a second browser

    // Signed in: every way works.
    expect(await meWith({ cookie })).toMatchObject({ id: person.id });
    expect((await sessionOf(cookie))?.user?.email).toBe(person.email);
    const issued = await call(jwt, { method: "POST", headers: { cookie }, body: { email: person.email } });
    expect(issued.status).toBe(200);
    const bearer = { authorization: `Bearer ${issued.json.token}` };
    expect(await meWith(bearer)).toMatchObject({ id: person.id });
    const othersToken = await call(jwt, { method: "POST", headers: { cookie: other }, body: { email: person.email } });
    const otherBearer = { authorization: `Bearer ${othersToken.json.token}` };

    // Sign out the way the browser does (CSRF token, then POST /api/auth/signout).
    const out = await signOutWith(cookie);
    expect(out.status).toBe(200);

    // The old cookie (kept by an attacker who copied it) is dead, and so is the token it asked for.
    expect(await meWith({ cookie })).toBeNull();
    expect(await sessionOf(cookie)).toBeNull();
    const again = await call(jwt, { method: "POST", headers: { cookie }, body: { email: person.email } });
    expect(again.status).toBe(401);
    expect(await meWith(bearer)).toBeNull();
    // The other browser is still signed in, with its token.
    expect(await meWith({ cookie: other })).toMatchObject({ id: person.id });
    expect(await meWith(otherBearer)).toMatchObject({ id: person.id });

    // Signing in again works, with a new session.
    const fresh = await signIn(person.email, "right-password");
    expect(await meWith({ cookie: fresh })).toMatchObject({ id: person.id });
  });

  it("revokeSessions (the password-change hook) ends cookies and tokens issued before it", async () => {
    const person = await createUser({ email: "changer@example.test", passwordHash: await hashPassword("right-password") });
    const cookie = await signIn(person.email, "right-password");
    expect(await meWith({ cookie })).toMatchObject({ id: person.id });
    const issued = await call(jwt, { method: "POST", headers: { cookie }, body: { email: person.email } });
    await revokeSessions(person.id);
    expect(await meWith({ cookie })).toBeNull();
    expect(await sessionOf(cookie)).toBeNull();
    expect(await meWith({ authorization: `Bearer ${issued.json.token}` })).toBeNull();
  });

  it("signing out everywhere else keeps this browser but ends every API token, this browser's too", async () => {
    const person = await createUser({ email: "tidier@example.test", passwordHash: await hashPassword("right-password") });
    const cookie = await signIn(person.email, "right-password");
    const issued = await call(jwt, { method: "POST", headers: { cookie }, body: { email: person.email } });
    expect(await meWith({ authorization: `Bearer ${issued.json.token}` })).toMatchObject({ id: person.id });
    expect((await call(endOthers, { method: "DELETE", headers: { cookie } })).status).toBe(200);
    expect(await meWith({ cookie })).toMatchObject({ id: person.id });
    expect(await meWith({ authorization: `Bearer ${issued.json.token}` })).toBeNull();
  });
});
