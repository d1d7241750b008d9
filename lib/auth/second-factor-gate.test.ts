// The requirement (REQUIRE_ADMIN_SECOND_FACTOR, REQUIRE_SURVEYOR_SECOND_FACTOR) and the step-up of the
// gravest actions, through the real routes and the proxy: every admin call refuses an admin without a
// second factor, the dashboards send them to set one up, and voiding votes, lifting a void and making
// someone an admin want a second factor proved in the last ten minutes.
import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";
import { generate, generateSecret } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { GET as meRoute } from "@/app/api/me/route";
import { GET as v1SurveysRoute } from "@/app/api/v1/surveys/route";
import { createApiKey } from "@/lib/integrations/api-keys";
import { API_SCOPES } from "@/lib/integrations/scopes";
import { POST as verifyRoute } from "@/app/api/me/second-factor/verify/route";
import { POST as updateRoleRoute } from "@/app/api/update_role/route";
import { GET as usersRoute } from "@/app/api/get_user/route";
import { DELETE as restoreRoute, POST as voidRoute } from "@/app/api/users/[id]/votes/void/route";
import { encryptTotpSecret } from "@/lib/accounts/second-factor";
import { can } from "@/lib/auth/permissions";
import { isPrivileged, SECOND_FACTOR_SETUP_PATH } from "@/lib/auth/second-factor-gate";
import { hashPassword } from "@/lib/auth/password";
import type { Access } from "@/lib/api/handler";
import { getDb } from "@/lib/db";
import { totpFactors, users, userSessions, type Role } from "@/models";
import { proxy } from "@/proxy";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor, signInWithPassword } from "@/tests/session-cookie";

vi.hoisted(() => {
  process.env.REQUIRE_ADMIN_SECOND_FACTOR = "true";
  process.env.REQUIRE_SURVEYOR_SECOND_FACTOR = "true";
});

const PASSWORD = "admin-password-1";
type Handler = Parameters<typeof call>[0] & { spec?: { auth?: Access; scope?: string } };

/** Every method of every API route, with the access it asks. */
const operations = API_ROUTES.flatMap(({ path, module }) =>
  Object.entries(module as Record<string, Handler>)
    // The /api/v1 calls take an API key only (a token is 401 there): they have their own case below.
    .filter(([, handler]) => typeof handler === "function" && typeof handler.spec?.auth === "string" && !handler.spec.scope)
    .map(([method, handler]) => ({ path, method, handler, auth: handler.spec!.auth! })),
);

/** The app's code for now, `steps` periods away. */
const codeOf = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function withApp(user: { id: string }) {
  const secret = generateSecret();
  const db = await getDb();
  await db.insert(totpFactors).values({ userId: user.id, secret: encryptTotpSecret(secret, user.id), confirmedAt: new Date() });
  return secret;
}

async function visit(path: string, cookie: string) {
  const response = await proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers: { cookie } }));
  return response.headers.get("location");
}

describe("a role that needs a second factor", () => {
  it.each(["admin", "surveyor"] as Role[])("%s without one: every call of the role's powers answers 403 second_factor_required", async (role) => {
    const person = await createUser({ role });
    const guarded = operations.filter(({ auth }) => auth !== "none" && auth !== "public" && auth !== "signed-in" && isPrivileged(auth) && can(role, auth));
    expect(guarded.length).toBeGreaterThan(role === "admin" ? 12 : 5);
    for (const { path, method, handler } of guarded) {
      const res = await call(handler, { method, path: path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000"), as: person });
      expect([method, path, res.status, res.json?.error?.code]).toEqual([method, path, 403, "second_factor_required"]);
    }
  });

  it.each(["admin", "surveyor"] as Role[])("%s without one: an API key of theirs is refused the same on /api/v1 (403 second_factor_required)", async (role) => {
    const person = await createUser({ role });
    const { key } = await createApiKey(person.id, { name: "Tool", scopes: [...API_SCOPES] });
    const res = await call(v1SurveysRoute, { token: key });
    expect([res.status, res.json?.error?.code]).toEqual([403, "second_factor_required"]);
  });

  it("without one, still reaches its own account (where it is set up) and is told it is required", async () => {
    const admin = await createUser({ role: "admin" });
    const me = await call(meRoute, { as: admin });
    expect(me.status).toBe(200);
    expect((me.json.user as { secondFactor: unknown }).secondFactor).toEqual({ enabled: false, required: true });
  });

  it("with an authenticator app or a passkey, the calls answer again", async () => {
    const withTotp = await createUser({ role: "admin" });
    await withApp(withTotp);
    const listed = await call(usersRoute, { as: withTotp });
    expect([listed.status, listed.json?.error]).toEqual([200, undefined]);
    const withPasskey = await createUser({ role: "admin" });
    const db = await getDb();
    await db.execute(
      sql`insert into passkeys (user_id, credential_id, public_key, device_type, backed_up, name) values (${withPasskey.id}, ${`cred-${withPasskey.id}`}, 'key', 'multiDevice', true, 'Laptop')`,
    );
    expect((await call(usersRoute, { as: withPasskey })).status).toBe(200);
    expect(((await call(meRoute, { as: withPasskey })).json.user as { secondFactor: unknown }).secondFactor).toEqual({ enabled: true, required: true });
  });

  it("the dashboards send an admin without one to set it up; the account page lets them in; with one, the admin pages open", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin);
    const setup = new URL(SECOND_FACTOR_SETUP_PATH, "http://localhost:3000").toString();
    expect(await visit("/dashboard/admin/users", cookie)).toBe(setup);
    expect(await visit("/dashboard", cookie)).toBe("http://localhost:3000/dashboard/admin");
    expect(await visit("/dashboard/admin", cookie)).toBe(setup);
    expect(await visit("/dashboard/account", cookie)).toBeNull();
    await withApp(admin);
    expect(await visit("/dashboard/admin/users", cookie)).toBeNull();
  });

  it("is nothing for voters: their dashboards and calls are unchanged", async () => {
    const voter = await createUser({ role: "user" });
    expect(await visit("/dashboard/user/surveys", await sessionCookieFor(voter))).toBeNull();
  });
});

describe("the gravest actions want a second factor proved in the last ten minutes", () => {
  /** An admin with an app, signed in with password and code (a fresh proof), and a suspended account to act on. */
  async function adminSignedIn() {
    const admin = await createUser({ role: "admin", passwordHash: await hashPassword(PASSWORD) });
    const secret = await withApp(admin);
    const cookie = await signInWithPassword(admin.email, PASSWORD, { address: "10.62.0.1", fields: { code: await codeOf(secret) } });
    expect(cookie).not.toBeNull();
    const target = await createUser();
    const db = await getDb();
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, target.id));
    const age = async (minutes: number) => {
      await db.update(userSessions).set({ secondFactorAt: new Date(Date.now() - minutes * 60_000) }).where(eq(userSessions.userId, admin.id));
    };
    return { admin, secret, cookie: cookie!, target, age };
  }
  const voidAs = (cookie: string, targetId: string) => call(voidRoute, { method: "POST", headers: { cookie }, params: { id: targetId }, body: { reason: "Bought votes" } });
  const restoreAs = (cookie: string, targetId: string) => call(restoreRoute, { method: "DELETE", headers: { cookie }, params: { id: targetId } });
  const promoteAs = (cookie: string, id: string, role: Role) => call(updateRoleRoute, { method: "POST", headers: { cookie }, body: { id, role } });

  it("right after signing in with the code, voiding and restoring go through", async () => {
    const { cookie, target } = await adminSignedIn();
    expect((await voidAs(cookie, target.id)).status).toBe(200);
    expect((await restoreAs(cookie, target.id)).status).toBe(200);
  });

  it("eleven minutes later they are refused until the code is given again; then they go through", async () => {
    const { cookie, secret, target, age } = await adminSignedIn();
    await age(11);
    for (const res of [await voidAs(cookie, target.id), await restoreAs(cookie, target.id)]) {
      expect([res.status, res.json.error?.code]).toEqual([403, "recent_second_factor_required"]);
    }
    const wrong = await call(verifyRoute, { method: "POST", headers: { cookie }, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect((await voidAs(cookie, target.id)).status).toBe(403);
    const proved = await call(verifyRoute, { method: "POST", headers: { cookie }, body: { code: await codeOf(secret, 1) } });
    expect(proved.status).toBe(200);
    expect((await voidAs(cookie, target.id)).status).toBe(200);
  });

  it("making someone an admin needs it; making them a surveyor does not", async () => {
    const { cookie, age } = await adminSignedIn();
    const someone = await createUser();
    await age(11);
    expect((await promoteAs(cookie, someone.id, "surveyor")).status).toBe(200);
    const refused = await promoteAs(cookie, someone.id, "admin");
    expect([refused.status, refused.json.error?.code]).toEqual([403, "recent_second_factor_required"]);
    const db = await getDb();
    expect((await db.select({ role: users.role }).from(users).where(eq(users.id, someone.id)))[0].role).toBe("surveyor");
    await age(9);
    expect((await promoteAs(cookie, someone.id, "admin")).status).toBe(200);
  });

  it("an API token has no session to prove it in: refused for an admin with a second factor", async () => {
    const { admin, target } = await adminSignedIn();
    const res = await call(voidRoute, { method: "POST", as: admin, params: { id: target.id }, body: { reason: "Bought votes" } });
    expect([res.status, res.json.error?.code]).toEqual([403, "recent_second_factor_required"]);
  });
});
