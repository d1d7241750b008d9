// Account takeover through mailed links: someone who knew the password for a while (or read an old
// inbox) must lose every link they were mailed once the owner changes the password, resets it,
// confirms a new address, or an admin suspends the account. Every attack goes through the real route
// handlers and a real SMTP server; opening a confirmation link calls the service the page and
// POST /api/confirm-email call.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientAddresses, mailRoutes, mailSite, reopenLink } from "@/tests/mail-site";

const { smtp, tokenIn: linkFor } = await mailSite();

const { forgot, reset, changeEmail, changePassword, resend, me } = await mailRoutes();
const { createApiToken } = await import("@/lib/auth/api-token");
const { hashPassword } = await import("@/lib/auth/password");
const { getDb } = await import("@/lib/db");
const { confirmEmailChange, verifyEmailWithToken } = await import("./account-email");
const { authenticateWithPassword } = await import("./users");
const { accounts, users } = await import("@/models");
const { createUser, userRow } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");
const { authSessionOf, signInWithPassword } = await import("@/tests/session-cookie");

const nextClient = clientAddresses("10.88");

const emailOf = async (id: string) => (await userRow(id)).email;

const signedIn = async (headers: Record<string, string>) => (await call(me, { headers })).json.user !== null;

/** The attacker, who knows the password for now, asks for the account's address to become theirs. */
async function attackerAsksForAddress(person: { id: string }, password: string, attackerEmail: string) {
  const attackerToken = createApiToken(person.id).token;
  const asked = await call(changeEmail, { method: "POST", token: attackerToken, body: { email: attackerEmail, password }, headers: nextClient() });
  expect(asked.status).toBe(200);
  return { attackerToken, link: await linkFor(attackerEmail, "confirm-email", /Confirm your new email address/) };
}

async function mailedReset(email: string) {
  const asked = await call(forgot, await withAltcha({ method: "POST", body: { email }, headers: nextClient() }));
  expect(asked.status).toBe(200);
  return linkFor(email, "reset-password", /Reset your OPINEX password/);
}

describe("a change of address asked for by someone who knew the password", () => {
  it("does not complete after the owner changes the password on the account page", async () => {
    const person = await createUser({ email: "owner-1@example.test", passwordHash: await hashPassword("leaked-password-1") });
    const owner = (await signInWithPassword(person.email, "leaked-password-1", { address: "10.88.250.1" }))!;
    const { attackerToken, link } = await attackerAsksForAddress(person, "leaked-password-1", "attacker-1@evil.test");

    const changed = await call(changePassword, { method: "POST", headers: { cookie: owner }, body: { currentPassword: "leaked-password-1", newPassword: "owner-took-it-back" } });
    expect(changed.status).toBe(200);
    expect(await signedIn({ authorization: `Bearer ${attackerToken}` })).toBe(false);

    expect((await confirmEmailChange(link)).outcome).not.toBe("verified");
    expect(await emailOf(person.id)).toBe("owner-1@example.test");
    expect(await authenticateWithPassword({ email: "owner-1@example.test", password: "owner-took-it-back" }, "10.88.251.1")).toMatchObject({ id: person.id });
  });

  it("does not complete after the owner resets the password from a mailed link", async () => {
    const person = await createUser({ email: "owner-2@example.test", passwordHash: await hashPassword("leaked-password-2") });
    const { attackerToken, link } = await attackerAsksForAddress(person, "leaked-password-2", "attacker-2@evil.test");

    const done = await call(reset, { method: "POST", body: { token: await mailedReset(person.email), password: "owner-reset-it" }, headers: nextClient() });
    expect(done.status).toBe(200);
    expect(await signedIn({ authorization: `Bearer ${attackerToken}` })).toBe(false);

    expect((await confirmEmailChange(link)).outcome).not.toBe("verified");
    expect(await emailOf(person.id)).toBe("owner-2@example.test");
  });

  it("a reset or verification link mailed before a password change does not work after it", async () => {
    const person = await createUser({ email: "owner-3@example.test", passwordHash: await hashPassword("leaked-password-3"), emailVerified: null });
    const owner = (await signInWithPassword(person.email, "leaked-password-3", { address: "10.88.250.3" }))!;
    const resetLink = await mailedReset(person.email);
    smtp.mails.length = 0;
    expect((await call(resend, { method: "POST", as: person, body: {} })).status).toBe(200);
    const verifyLink = await linkFor(person.email, "verify-email", /Confirm your email address/);

    const changed = await call(changePassword, { method: "POST", headers: { cookie: owner }, body: { currentPassword: "leaked-password-3", newPassword: "owner-new-password" } });
    expect(changed.status).toBe(200);

    const late = await call(reset, { method: "POST", body: { token: resetLink, password: "attacker-password" }, headers: nextClient() });
    expect(late.status).toBe(400);
    expect((await verifyEmailWithToken(verifyLink)).outcome).not.toBe("verified");
    expect(await authenticateWithPassword({ email: person.email, password: "owner-new-password" }, "10.88.251.3")).toMatchObject({ id: person.id });
  });
});

describe("confirming a change of address", () => {
  it("retires a reset link mailed to the old address, and a reset link only works for the address it was mailed to", async () => {
    const person = await createUser({ email: "old-home@example.test", passwordHash: await hashPassword("mover-password") });
    // A reset link lands in the old inbox (which someone else may read later: a former employer's).
    const oldInboxReset = await mailedReset(person.email);
    smtp.mails.length = 0;
    const asked = await call(changeEmail, { method: "POST", as: person, body: { email: "new-home@example.test", password: "mover-password" }, headers: nextClient() });
    expect(asked.status).toBe(200);
    const confirm = await linkFor("new-home@example.test", "confirm-email", /Confirm your new email address/);
    expect(await confirmEmailChange(confirm)).toEqual({ outcome: "verified", email: "new-home@example.test" });

    const late = await call(reset, { method: "POST", body: { token: oldInboxReset, password: "old-inbox-reader" }, headers: nextClient() });
    expect(late.status).toBe(400);

    // Even a link the retirement missed (re-opened here by hand) is bound to the address it was sent to.
    await reopenLink(oldInboxReset);
    const reopened = await call(reset, { method: "POST", body: { token: oldInboxReset, password: "old-inbox-reader" }, headers: nextClient() });
    expect(reopened.status).toBe(400);
    expect(reopened.json.error?.message).toMatch(/not valid/);
    expect(await authenticateWithPassword({ email: "new-home@example.test", password: "mover-password" }, "10.88.251.4")).toMatchObject({ id: person.id });
  });

  it("ends every browser and API token of the account, as a password change does", async () => {
    const person = await createUser({ email: "signed-in@example.test", passwordHash: await hashPassword("mover-password") });
    const here = (await signInWithPassword(person.email, "mover-password", { address: "10.88.250.5" }))!;
    const there = (await signInWithPassword(person.email, "mover-password", { address: "10.88.250.6" }))!;
    const apiToken = createApiToken(person.id).token;
    expect(await signedIn({ cookie: here })).toBe(true);

    const asked = await call(changeEmail, { method: "POST", as: person, body: { email: "moved@example.test", password: "mover-password" }, headers: nextClient() });
    expect(asked.status).toBe(200);
    const confirm = await linkFor("moved@example.test", "confirm-email");
    expect((await confirmEmailChange(confirm)).outcome).toBe("verified");

    for (const cookie of [here, there]) {
      expect(await signedIn({ cookie })).toBe(false);
      expect(await authSessionOf(cookie)).toBeNull();
    }
    expect(await signedIn({ authorization: `Bearer ${apiToken}` })).toBe(false);
    expect(await signInWithPassword("moved@example.test", "mover-password", { address: "10.88.250.7" })).toBeTruthy();
  });

  it("unlinks the Google account that vouched for the old address (a Google-made account that set a password by reset)", async () => {
    const db = await getDb();
    // Made by a first Google sign-in: no password of ours.
    const person = await createUser({ email: "workspace-user@company.test" });
    expect((await db.select().from(users).where(eq(users.id, person.id)))[0].passwordHash).toBeNull();
    await db.insert(accounts).values({ userId: person.id, type: "oidc", provider: "google", providerAccountId: `google-${person.id}` });
    const done = await call(reset, { method: "POST", body: { token: await mailedReset(person.email), password: "own-password-now" }, headers: nextClient() });
    expect(done.status).toBe(200);
    smtp.mails.length = 0;
    // The reset ended every token (session version 1 now): the person signs in again.
    const token = createApiToken(person.id, Date.now(), 1).token;
    const asked = await call(changeEmail, { method: "POST", token, body: { email: "private@example.test", password: "own-password-now" }, headers: nextClient() });
    expect(asked.status).toBe(200);
    expect((await confirmEmailChange(await linkFor("private@example.test", "confirm-email"))).outcome).toBe("verified");
    // The company's Google account (workspace-user@company.test) no longer opens this account.
    expect(await db.select().from(accounts).where(eq(accounts.userId, person.id))).toHaveLength(0);
    expect(await authenticateWithPassword({ email: "private@example.test", password: "own-password-now" }, "10.88.251.8")).toMatchObject({ id: person.id });
  });
});
