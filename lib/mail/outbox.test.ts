import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { startTestSmtp } from "@/tests/smtp";

const smtp = await startTestSmtp();
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "OPINEX <no-reply@opinex.test>";
process.env.LOG_LEVEL = "warn";

const { getDb } = await import("@/lib/db");
const { backoffSeconds, deliverDueMail, enqueueMail, pendingMailCount } = await import("./outbox");
const { verifyEmailMail } = await import("./templates");
const { mailOutbox } = await import("@/models");

afterAll(() => smtp.close());

async function queue(to: string, name: string | null = "Ada") {
  const db = await getDb();
  const mail = await verifyEmailMail({ locale: "en", name, url: "http://localhost:3000/verify-email?token=abc", code: "012345" });
  await db.transaction((tx) => enqueueMail(tx, { kind: "verify_email", to, ...mail }));
}

/** Makes every scheduled retry due now (instead of waiting for the backoff). */
async function makeDue() {
  const db = await getDb();
  await db.execute(sql`update ${mailOutbox} set next_attempt_at = now() where sent_at is null`);
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(mailOutbox);
  smtp.mails.length = 0;
  smtp.failFirst(0);
  smtp.failRate(0);
});

describe("the mail outbox", () => {
  it("sends a queued mail over SMTP with a text part, an HTML part, the sender and a footer saying why", async () => {
    await queue("ada@example.test");
    expect(await pendingMailCount()).toBe(1);
    expect(await deliverDueMail()).toEqual({ sent: 1, retry: 0, failed: 0 });
    const mail = await smtp.waitForMail("ada@example.test");
    expect(mail.subject).toBe("Confirm your email address for OPINEX");
    expect(mail.text).toContain("Hello Ada,");
    expect(mail.text).toContain("http://localhost:3000/verify-email?token=abc");
    expect(mail.text).toMatch(/OPINEX: you received this mail because/);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=abc"');
    expect(mail.html).toMatch(/you received this mail because/);
    expect(mail.headers.get("from")).toMatchObject({ value: [{ address: "no-reply@opinex.test", name: "OPINEX" }] });
    expect(await pendingMailCount()).toBe(0);
  });

  it("writes nothing when the transaction that queued it rolls back", async () => {
    const db = await getDb();
    const mail = await verifyEmailMail({ locale: "en", name: null, url: "http://x.test/", code: "012345" });
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { kind: "verify_email", to: "gone@example.test", ...mail });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await pendingMailCount()).toBe(0);
  });

  it("retries with backoff when the SMTP server refuses, and delivers exactly once afterwards", async () => {
    await queue("bob@example.test");
    smtp.failFirst(2);
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 1, failed: 0 });
    const db = await getDb();
    const [row] = await db.select().from(mailOutbox);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/451|Try again/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: nothing is attempted.
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 0, failed: 0 });
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 0, retry: 1, failed: 0 });
    await makeDue();
    expect(await deliverDueMail()).toEqual({ sent: 1, retry: 0, failed: 0 });
    expect(smtp.mails.filter((m) => m.to === "bob@example.test")).toHaveLength(1);
    expect(smtp.refused).toBeGreaterThanOrEqual(2);
  });

  it("never hands one mail to two workers: 60 mails, three workers at once, 60 delivered once each", async () => {
    for (let i = 0; i < 60; i++) await queue(`p${i}@example.test`);
    const results = await Promise.all([deliverDueMail(), deliverDueMail(), deliverDueMail()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
    const addresses = smtp.mails.map((m) => m.to);
    expect(new Set(addresses).size).toBe(60);
    expect(addresses).toHaveLength(60);
  });

  it("escapes names in the HTML part and refuses a line break in a header", async () => {
    await queue("eve@example.test", '<img src=x onerror="alert(1)">');
    await deliverDueMail();
    const mail = await smtp.waitForMail("eve@example.test");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    const db = await getDb();
    await expect(
      db.transaction((tx) =>
        enqueueMail(tx, { kind: "x", to: "a@example.test\r\nBcc: victim@example.test", subject: "s", text: "t", html: "h" }),
      ),
    ).rejects.toThrow("line break");
  });

  it("backs off exponentially, capped at an hour", () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffSeconds(n, mid))).toEqual([10, 20, 40, 80]);
    expect(backoffSeconds(30, mid)).toBe(3600);
  });
});
