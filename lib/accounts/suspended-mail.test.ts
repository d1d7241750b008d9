// A suspended account is sent no mail but the notice of its suspension, and no mailed link acts for
// it: the forgot form answers as for any address and mails nothing, a reset link mailed before the
// suspension sets no password, and neither the person nor an admin can have a verification link sent.
// Every step goes through the real route handlers and a real SMTP server.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientAddresses, mailRoutes, mailSite, reopenLink } from "@/tests/mail-site";

const { smtp, tokenIn: linkFor } = await mailSite();

const { forgot, reset, changeEmail, adminResend } = await mailRoutes();
const { POST: suspension, DELETE: liftSuspension } = await import("@/app/api/users/[id]/suspension/route");
const { hashPassword } = await import("@/lib/auth/password");
const { getDb } = await import("@/lib/db");
const { deliverDueMail } = await import("@/lib/mail/outbox");
const { confirmEmailChange, requestEmailChange, resendVerificationMail, verifyEmailWithToken } = await import("./account-email");
const { emailTokens } = await import("@/models");
const { createUser, userRow } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");

const nextClient = clientAddresses("10.89");

const rowOf = (id: string) => userRow(id);

const askReset = async (email: string) => call(forgot, await withAltcha({ method: "POST", body: { email }, headers: nextClient() }));

async function suspend(admin: { id: string }, id: string) {
  const res = await call(suspension, { method: "POST", as: admin, params: { id }, body: { reason: "Fake accounts voting together" } });
  expect(res.status).toBe(200);
}

describe("a suspended account and the mail", () => {
  it("the forgot form answers as for any address and mails no reset link", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser({ email: "suspended-1@example.test", passwordHash: await hashPassword("their-password") });
    await suspend(admin, person.id);
    const unknown = await askReset("nobody-at-all@example.test");
    const suspended = await askReset(person.email);
    expect(suspended.status).toBe(200);
    expect(suspended.json).toEqual(unknown.json);
    await deliverDueMail();
    expect(smtp.mails.filter((m) => m.to === person.email && /Reset/.test(m.subject))).toHaveLength(0);
    const db = await getDb();
    expect(await db.select().from(emailTokens).where(eq(emailTokens.userId, person.id))).toHaveLength(0);
  });

  it("a reset link mailed before the suspension sets no password, before or after it is lifted", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser({ email: "suspended-2@example.test", passwordHash: await hashPassword("their-password") });
    expect((await askReset(person.email)).status).toBe(200);
    const link = await linkFor(person.email, "reset-password");
    const before = await rowOf(person.id);
    await suspend(admin, person.id);

    const refused = await call(reset, { method: "POST", body: { token: link, password: "taken-over-now" }, headers: nextClient() });
    expect(refused.status).toBe(400);
    // Even a link the retirement missed (re-opened here by hand) does nothing for a suspended account.
    await reopenLink(link);
    const reopened = await call(reset, { method: "POST", body: { token: link, password: "taken-over-now" }, headers: nextClient() });
    expect(reopened.status).toBe(400);
    expect((await rowOf(person.id)).passwordHash).toBe(before.passwordHash);
    expect((await rowOf(person.id)).sessionVersion).toBeGreaterThan(before.sessionVersion);

    // Lifting the suspension does not bring the retired link back.
    const db = await getDb();
    await db.update(emailTokens).set({ usedAt: new Date() }).where(eq(emailTokens.id, link.split(".")[0]));
    expect((await call(liftSuspension, { method: "DELETE", as: admin, params: { id: person.id } })).status).toBe(200);
    expect((await call(reset, { method: "POST", body: { token: link, password: "taken-over-now" }, headers: nextClient() })).status).toBe(400);
    expect((await rowOf(person.id)).passwordHash).toBe(before.passwordHash);
  });

  it("links to verify or change the address, mailed before the suspension, do nothing after it", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser({ email: "suspended-3@example.test", passwordHash: await hashPassword("their-password"), emailVerified: null });
    await resendVerificationMail(person.id);
    const verify = await linkFor(person.email, "verify-email");
    smtp.mails.length = 0;
    const asked = await call(changeEmail, { method: "POST", as: person, body: { email: "elsewhere@example.test", password: "their-password" }, headers: nextClient() });
    expect(asked.status).toBe(200);
    const confirm = await linkFor("elsewhere@example.test", "confirm-email");
    await suspend(admin, person.id);

    expect((await verifyEmailWithToken(verify)).outcome).not.toBe("verified");
    expect((await confirmEmailChange(confirm)).outcome).not.toBe("verified");
    const row = await rowOf(person.id);
    expect(row).toMatchObject({ email: "suspended-3@example.test", emailVerified: null });
  });

  it("neither an admin nor the person can have a verification or change-of-address mail sent", async () => {
    const admin = await createUser({ role: "admin" });
    const person = await createUser({ email: "suspended-4@example.test", passwordHash: await hashPassword("their-password"), emailVerified: null });
    await suspend(admin, person.id);
    const resent = await call(adminResend, { method: "POST", as: admin, params: { id: person.id }, body: {} });
    expect(resent.status).toBe(409);
    expect(resent.json.error?.message).toMatch(/suspended/);
    // The person's own routes are closed to a suspended account anyway (no session, no API token
    // survives); the services refuse too, whoever calls them.
    await expect(resendVerificationMail(person.id)).rejects.toMatchObject({ status: 409 });
    await expect(requestEmailChange(person.id, { email: "elsewhere-4@example.test", password: "their-password" }, "10.89.250.1")).rejects.toMatchObject({
      status: 409,
    });
    await deliverDueMail();
    // The notice of the suspension is the one mail such an account may get.
    expect(smtp.mails.filter((m) => !/suspended/i.test(m.subject))).toHaveLength(0);
  });
});
