// Replies go through the outbox to the sender's address: read here in mail_outbox, and once over real
// SMTP (tests/mail-site.ts).
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailSite } from "@/tests/mail-site";

const { inbox } = await mailSite();

const { getDb } = await import("@/lib/db");
const { auditEvents, contactMessages, limitHits, mailOutbox } = await import("@/models");
const { itIsForAdminsOnly } = await import("@/tests/admin");
const { createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { LIMITS } = await import("@/lib/limits/table");
const { hitKey } = await import("@/lib/limits/apply");
const { POST } = await import("./route");

const missing = "0badf00d-0000-4000-8000-000000000000";
const ORIGINAL = "Hello admins,\nis there a way to export my votes?\nSee https://evil.example/x";

async function message() {
  const db = await getDb();
  const email = `sender-${Math.random().toString(36).slice(2)}@test.example`;
  const [row] = await db.insert(contactMessages).values({ name: "Sender Person", email, message: ORIGINAL }).returning();
  return row;
}

const reply = (as: { id: string }, id: string, body: unknown) => call(POST, { method: "POST", as, path: `/api/contact_messages/${id}/reply`, params: { id }, body });
const outboxTo = async (to: string) => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));
const auditOf = async (email: string) =>
  (await getDb()).select({ action: auditEvents.action, actorId: auditEvents.actorId }).from(auditEvents).where(eq(auditEvents.newValue, email));
const rowOf = async (id: string) => (await (await getDb()).select().from(contactMessages).where(eq(contactMessages.id, id)))[0];

describe("POST /api/contact_messages/{id}/reply", () => {
  itIsForAdminsOnly(POST, { method: "POST", path: `/api/contact_messages/${missing}/reply`, body: { message: "Hello" } });

  it("queues exactly one mail to the sender with the original quoted, marks it replied and handled, audited", async () => {
    const admin = await createUser({ role: "admin" });
    const sent = await message();
    const res = await reply(admin, sent.id, { message: "Thanks for writing.\nYes: on your account page." });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatchObject({ _id: sent.id, handledBy: admin.email });
    const answer = res.json.message as unknown as { handledAt: string; repliedAt: string };
    expect(answer.handledAt).toEqual(expect.any(String));
    expect(answer.repliedAt).toEqual(expect.any(String));

    const mails = await outboxTo(sent.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ kind: "contact_reply", subject: "Re: your message to OPINEX", userId: null });
    expect(mail.textBody).toContain("Hello Sender Person,");
    expect(mail.textBody).toContain("Thanks for writing.");
    expect(mail.textBody).toContain("Yes: on your account page.");
    expect(mail.textBody).toMatch(/you wrote:\n\n> Hello admins,\n\n> is there a way to export my votes\?/);
    // The visitor's own text, quoted, forms no link.
    expect(mail.textBody).toContain("> See https[:]//evil[.]example/x");
    expect(mail.htmlBody).toContain("&gt; is there a way to export my votes?");

    const row = await rowOf(sent.id);
    expect(row.repliedAt).not.toBeNull();
    expect(row.handledAt).not.toBeNull();
    expect(row.handledBy).toBe(admin.id);
    expect(await auditOf(sent.email)).toEqual([{ action: "contact_reply", actorId: admin.id }]);

    // And it leaves: the outbox's delivery job sends it to the sender.
    const delivered = await inbox(sent.email, /^Re: your message to OPINEX$/);
    expect(delivered.text).toContain("Thanks for writing.");
  });

  it("a reply to a message already handled keeps who handled it", async () => {
    const [first, second] = [await createUser({ role: "admin" }), await createUser({ role: "admin" })];
    const sent = await message();
    const db = await getDb();
    const handledAt = new Date(Date.now() - 60_000);
    await db.update(contactMessages).set({ handledAt, handledBy: first.id }).where(eq(contactMessages.id, sent.id));
    const res = await reply(second, sent.id, { message: "A second answer." });
    expect(res.status).toBe(200);
    expect(res.json.message).toMatchObject({ handledBy: first.email, handledAt: handledAt.toISOString() });
    expect(await auditOf(sent.email)).toEqual([{ action: "contact_reply", actorId: second.id }]);
  });

  it("refuses bad input (400) and an unknown id (404): nothing mailed, marked or counted", async () => {
    const admin = await createUser({ role: "admin" });
    const sent = await message();
    const bad = [{}, { message: "" }, { message: "   " }, { message: 42 }, { message: "x".repeat(5001) }, { message: "ring \u0007 the bell" }, { message: "a \u202e b" }];
    for (const body of bad) expect((await reply(admin, sent.id, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    expect((await reply(admin, sent.id, { message: "x".repeat(5000) })).status).toBe(200);
    expect(await outboxTo(sent.email)).toHaveLength(1);

    const other = await message();
    expect((await reply(admin, missing, { message: "Hello" })).status).toBe(404);
    expect((await reply(admin, "not-an-id", { message: "Hello" })).status).toBe(404);
    expect(await rowOf(other.id)).toMatchObject({ repliedAt: null, handledAt: null });
    // Only the one reply sent counts against the admin's limit: refusals gave their hit back.
    const db = await getDb();
    const hits = await db.select().from(limitHits).where(eq(limitHits.key, hitKey("contactReply.account", admin.id)));
    expect(hits).toHaveLength(1);
  });

  it(`answers 429 past ${LIMITS["contactReply.account"].max} replies an hour per admin, sending nothing more`, async () => {
    const admin = await createUser({ role: "admin" });
    const sent = await message();
    const db = await getDb();
    const max = LIMITS["contactReply.account"].max;
    // The hour's replies already sent, as the limit counts them.
    await db.insert(limitHits).values(Array.from({ length: max }, () => ({ key: hitKey("contactReply.account", admin.id) })));
    const res = await reply(admin, sent.id, { message: "One too many." });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("3600");
    expect(await outboxTo(sent.email)).toHaveLength(0);
    expect(await rowOf(sent.id)).toMatchObject({ repliedAt: null, handledAt: null });
    expect(await db.select().from(auditEvents).where(and(eq(auditEvents.action, "contact_reply"), eq(auditEvents.actorId, admin.id)))).toEqual([]);
    // Another admin has a limit of their own.
    expect((await reply(await createUser({ role: "admin" }), sent.id, { message: "From me." })).status).toBe(200);
  });
});
