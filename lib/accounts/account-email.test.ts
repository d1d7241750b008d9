// The mail flows end to end against a real SMTP server in this process: what a person receives,
// the link in it, and what opening it does (the pages call these same services).
import { eq, sql } from "drizzle-orm";
import { castVote } from "@/lib/votes/votes";
import { reportSurvey } from "@/lib/votes/reports";
import { describe, expect, it } from "vitest";
import { clientAddresses, mailRoutes, mailSite, tokenOf } from "@/tests/mail-site";

const { smtp, inbox } = await mailSite();

const { register, vote, resend, adminResend, forgot, reset, changeEmail, me } = await mailRoutes();
const { PUT: report } = await import("@/app/api/report_survey/[id]/route");
const { createApiToken } = await import("@/lib/auth/api-token");
const { hashPassword } = await import("@/lib/auth/password");
const { getDb } = await import("@/lib/db");
const { deliverDueMail } = await import("@/lib/mail/outbox");
const { confirmEmailChange, verifyEmailWithToken } = await import("./account-email");
const { authenticateWithPassword } = await import("./users");
const { auditEvents, emailTokens, users } = await import("@/models");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");
const { imageForm, pngBytes } = await import("@/tests/images");

const nextClient = clientAddresses("10.77");

async function userByEmail(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

describe("verified addresses", () => {
  it("registration mails a link; until it is opened voting and reporting answer 403 email_unverified; afterwards the vote counts", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const form = imageForm({ name: "Nia <b>", email: "Nia@Example.test", password: "a-good-password" }, { bytes: await pngBytes() });
    const created = await call(register, await withAltcha({ method: "POST", rawBody: form }));
    expect(created.status).toBe(201);
    const id = String(created.json.insertedId);

    const mail = await inbox("nia@example.test", /Confirm your email address/);
    // The name typed at registration is not mailed to the address before it is verified.
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.html).not.toContain("Nia");
    const link = smtp.linkIn(mail, "http://localhost:3000/verify-email?token=");

    const refused = await call(vote, { method: "PUT", as: { id }, params: { id: survey.id }, body: { vote: "yes" } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: "email_unverified", message: "Verify your email address to vote." });
    const reportRefused = await call(report, { method: "PUT", as: { id }, params: { id: survey.id }, body: {} });
    expect(reportRefused.status).toBe(403);
    expect(reportRefused.json.error?.code).toBe("email_unverified");
    // The rule belongs to the operations, not to their routes: called directly, they refuse too.
    await expect(castVote({ surveyId: survey.id, userId: id, role: "user", vote: "yes" })).rejects.toMatchObject({ code: "email_unverified" });
    await expect(reportSurvey({ surveyId: survey.id, userId: id, role: "user" })).rejects.toMatchObject({ code: "email_unverified" });

    // Only the hash of the link's secret is stored.
    const db = await getDb();
    const [stored] = await db.select().from(emailTokens).where(eq(emailTokens.userId, id));
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenOf(link)).not.toContain(stored.secretHash);

    expect(await verifyEmailWithToken(tokenOf(link))).toEqual({ outcome: "verified", email: "nia@example.test", continueTo: null });
    expect((await userByEmail("nia@example.test")).emailVerified).toBeInstanceOf(Date);
    // Single use: the second opening says it is already verified, and changes nothing.
    expect((await verifyEmailWithToken(tokenOf(link))).outcome).toBe("already");

    const accepted = await call(vote, { method: "PUT", as: { id }, params: { id: survey.id }, body: { vote: "yes" } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.yesCount).toBe(1);
  });

  it("refuses a forged, malformed, other-purpose or expired link", async () => {
    const person = await createUser({ emailVerified: null });
    const db = await getDb();
    await call(resend, { method: "POST", as: person, body: {} });
    const link = smtp.linkIn(await inbox(person.email), "http://localhost:3000/verify-email?token=");
    const [id, secret] = tokenOf(link).split(".");
    const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    expect((await verifyEmailWithToken(forged)).outcome).toBe("invalid");
    expect((await verifyEmailWithToken("not-a-token")).outcome).toBe("invalid");
    expect((await confirmEmailChange(tokenOf(link))).outcome).toBe("invalid");
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(emailTokens.id, id));
    expect((await verifyEmailWithToken(tokenOf(link))).outcome).toBe("expired");
    expect((await userByEmail(person.email)).emailVerified).toBeNull();
  });

  it("resends at most three links an hour, none once verified; an admin may resend too", async () => {
    const person = await createUser({ emailVerified: null });
    for (let i = 0; i < 3; i++) expect((await call(resend, { method: "POST", as: person, body: {} })).status).toBe(200);
    const fourth = await call(resend, { method: "POST", as: person, body: {} });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error?.message).toMatch(/already sent 3 emails in the last hour/);
    const admin = await createUser({ role: "admin" });
    expect((await call(adminResend, { method: "POST", as: admin, params: { id: person.id }, body: {} })).status).toBe(429);
    await deliverDueMail();
    expect(smtp.mails.filter((m) => m.to === person.email)).toHaveLength(3);

    const verified = await createUser();
    expect((await call(resend, { method: "POST", as: verified, body: {} })).status).toBe(409);
    const unverified = await createUser({ emailVerified: null });
    expect((await call(adminResend, { method: "POST", as: unverified, params: { id: person.id }, body: {} })).status).toBe(403);
    expect((await call(adminResend, { method: "POST", as: admin, params: { id: unverified.id }, body: {} })).status).toBe(200);
    expect((await call(adminResend, { method: "POST", as: admin, params: { id: "not-a-uuid" }, body: {} })).status).toBe(404);
    await inbox(unverified.email);
  });

  it("/api/me says whether the address is verified and whether the site asks for it", async () => {
    const person = await createUser({ emailVerified: null });
    const res = await call(me, { as: person });
    expect(res.json.user).toMatchObject({ emailVerified: false, verificationRequired: true });
  });
});

describe("forgotten password", () => {
  it("mails a reset link; the new password works, every session and API token of the account ends, and the link works once", async () => {
    const person = await createUser({ email: "forgetful@example.test", passwordHash: await hashPassword("old-password-1"), emailVerified: null });
    const oldToken = createApiToken(person.id).token;
    expect((await call(me, { token: oldToken })).json.user).not.toBeNull();

    const asked = await call(forgot, await withAltcha({ method: "POST", body: { email: "Forgetful@example.test" }, headers: nextClient() }));
    expect(asked.status).toBe(200);
    const mail = await inbox("forgetful@example.test", /Reset your OPINEX password/);
    const link = smtp.linkIn(mail, "http://localhost:3000/reset-password?token=");

    const tooShort = await call(reset, { method: "POST", body: { token: tokenOf(link), password: "short" } });
    expect(tooShort.status).toBe(400);
    const done = await call(reset, { method: "POST", body: { token: tokenOf(link), password: "new-password-2" } });
    expect(done.status).toBe(200);

    expect(await authenticateWithPassword({ email: person.email, password: "new-password-2" }, "10.9.9.1")).toMatchObject({ id: person.id });
    expect(await authenticateWithPassword({ email: person.email, password: "old-password-1" }, "10.9.9.2")).toBeNull();
    expect((await call(me, { token: oldToken })).json.user).toBeNull();
    // The person read the mail: the address is verified too.
    expect((await userByEmail(person.email)).emailVerified).toBeInstanceOf(Date);

    const again = await call(reset, { method: "POST", body: { token: tokenOf(link), password: "third-password-3" } });
    expect(again.status).toBe(400);
    expect(again.json.error?.message).toMatch(/already used/);
    expect(await authenticateWithPassword({ email: person.email, password: "new-password-2" }, "10.9.9.3")).toMatchObject({ id: person.id });

    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetUserId, person.id));
    expect(audit.map((a) => a.action)).toEqual(["password_reset"]);
    expect(JSON.stringify(audit)).not.toMatch(/password-2|old-password/);
    // The inbox hears of it, in case it was not its owner who asked.
    const notice = await inbox("forgetful@example.test", /Your password was reset/);
    expect(notice.text).toMatch(/If this was not you, reset your password and contact us/);
  });

  it("answers the same for an address without an account, and mails nothing", async () => {
    const res = await call(forgot, await withAltcha({ method: "POST", body: { email: "nobody-here@example.test" }, headers: nextClient() }));
    expect(res.status).toBe(200);
    const known = await createUser({ email: "somebody@example.test" });
    const res2 = await call(forgot, await withAltcha({ method: "POST", body: { email: known.email }, headers: nextClient() }));
    expect(res2.json).toEqual(res.json);
    await inbox(known.email);
    expect(smtp.mails.some((m) => m.to === "nobody-here@example.test")).toBe(false);
  });

  it("refuses forged, expired and malformed tokens with a clear 400 and changes nothing", async () => {
    const person = await createUser({ email: "careful@example.test", passwordHash: await hashPassword("keep-this-one") });
    await call(forgot, await withAltcha({ method: "POST", body: { email: person.email }, headers: nextClient() }));
    const token = tokenOf(smtp.linkIn(await inbox(person.email), "http://localhost:3000/reset-password?token="));
    const [id, secret] = token.split(".");
    const forged = await call(reset, { method: "POST", body: { token: `${id}.${"A".repeat(43)}`, password: "taken-over-1" } });
    expect(forged.status).toBe(400);
    expect(forged.json.error?.message).toMatch(/not valid/);
    const malformed = await call(reset, { method: "POST", body: { token: "abc", password: "taken-over-1" } });
    expect(malformed.status).toBe(400);
    const db = await getDb();
    await db.update(emailTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailTokens.id, id));
    const expired = await call(reset, { method: "POST", body: { token: `${id}.${secret}`, password: "taken-over-1" } });
    expect(expired.status).toBe(400);
    expect(expired.json.error?.message).toMatch(/expired/);
    expect(await authenticateWithPassword({ email: person.email, password: "keep-this-one" }, "10.9.9.4")).toMatchObject({ id: person.id });
  });

  it("cannot flood an inbox: three requests an hour per address typed", async () => {
    const person = await createUser({ email: "flooded@example.test" });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await call(forgot, await withAltcha({ method: "POST", body: { email: person.email }, headers: nextClient() }))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await deliverDueMail();
    expect(smtp.mails.filter((m) => m.to === person.email)).toHaveLength(3);
  });
});

describe("change of address", () => {
  it("needs the password, mails the new address a link and the old one a notice, and changes only when the link is opened", async () => {
    const person = await createUser({ email: "mover@example.test", passwordHash: await hashPassword("mover-password") });
    const wrong = await call(changeEmail, { method: "POST", as: person, body: { email: "new-home@example.test", password: "nope" }, headers: nextClient() });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error?.message).toBe("That is not your current password.");
    const taken = await createUser({ email: "taken@example.test" });
    const conflict = await call(changeEmail, { method: "POST", as: person, body: { email: taken.email, password: "mover-password" }, headers: nextClient() });
    expect(conflict.status).toBe(409);

    const asked = await call(changeEmail, { method: "POST", as: person, body: { email: "New-Home@example.test", password: "mover-password" }, headers: nextClient() });
    expect(asked.status).toBe(200);
    const confirm = await inbox("new-home@example.test", /Confirm your new email address/);
    const notice = await smtp.waitForMail("mover@example.test", /is being changed/);
    expect(notice.text).toContain("new-home@example.test");
    expect(notice.text).not.toContain("confirm-email?token=");
    expect((await userByEmail("mover@example.test")).id).toBe(person.id);

    const outcome = await confirmEmailChange(tokenOf(smtp.linkIn(confirm, "http://localhost:3000/confirm-email?token=")));
    expect(outcome).toEqual({ outcome: "verified", email: "new-home@example.test" });
    const moved = await userByEmail("new-home@example.test");
    expect(moved.id).toBe(person.id);
    expect(moved.emailVerified).toBeInstanceOf(Date);
    expect(await userByEmail("mover@example.test")).toBeUndefined();
    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetUserId, person.id));
    expect(audit.map((a) => a.action)).toEqual(["email_change"]);
    expect(JSON.stringify(audit)).not.toContain("example.test");
  });
});
