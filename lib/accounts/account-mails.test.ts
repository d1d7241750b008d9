// Text a requester chooses must not reach someone else's inbox as the site's own words: a name goes
// only to an address the account has verified, and no typed text (a name, a survey's title) forms a
// link in any mail. Checked on what arrives over real SMTP, linkified as a mail program does it
// (mailparser's `textAsHtml`: linkify-it, with bare domains and addresses).
import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { mailRoutes, mailSite } from "@/tests/mail-site";
import type { ReceivedMail } from "@/tests/smtp";

const { smtp, inbox } = await mailSite();

const { register, changeEmail, forgot } = await mailRoutes();
const { hashPassword } = await import("@/lib/auth/password");
const { getDb } = await import("@/lib/db");
const { deliverDueMail } = await import("@/lib/mail/outbox");
const { surveyClosedMail, surveyResultMail, unlinkable } = await import("@/lib/mail/templates");
const { users } = await import("@/models");
const { createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { withAltcha } = await import("@/tests/altcha-call");
const { imageForm, pngBytes } = await import("@/tests/images");

const SITE = "http://localhost:3000/";
const HOSTILE = "OPINEX security: restore your account at https://evil.example/x or www.evil.com";
let client = 0;
const nextClient = () => ({ "x-forwarded-for": `10.88.0.${++client}` });

/** Every link a mail program would make of `text` (mailparser linkifies a text part as clients do). */
async function linksIn(text: string): Promise<string[]> {
  const parsed = await simpleParser(`Content-Type: text/plain; charset=utf-8\r\n\r\n${text}`);
  return [...(parsed.textAsHtml ?? "").matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
}

/** The links of both parts: the HTML part's own anchors, and whatever its visible text would become. */
async function linksOf(mail: ReceivedMail): Promise<string[]> {
  const anchors = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&"));
  const visible = mail.html
    .replace(/<(head|title)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
  return [...anchors, ...(await linksIn(visible)), ...(await linksIn(mail.text))];
}

async function expectOnlyOwnLinks(mail: ReceivedMail) {
  const links = await linksOf(mail);
  expect(links.length).toBeGreaterThan(0);
  expect(links.filter((l) => !l.startsWith(SITE))).toEqual([]);
  for (const part of [mail.text, mail.html, mail.subject]) expect(part).not.toMatch(/evil/i);
}

describe("a requester's words in the site's mail", () => {
  it("registering with a hostile name: the verification mail greets without it, and links only to the site", async () => {
    const form = imageForm({ name: HOSTILE, email: "phish-target@example.test", password: "a-good-password" }, { bytes: await pngBytes() });
    const created = await call(register, await withAltcha({ method: "POST", headers: nextClient(), rawBody: form }));
    expect(created.status).toBe(201);
    const mail = await inbox("phish-target@example.test", /Confirm your email address/);
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text).not.toContain("OPINEX security");
    expect(mail.html).not.toContain("OPINEX security");
    await expectOnlyOwnLinks(mail);
    expect((await linksOf(mail)).some((l) => l.startsWith(`${SITE}verify-email?token=`))).toBe(true);
  });

  it("even a plain name stays out of mail to an unverified address (registration, a reset, a new address)", async () => {
    const form = imageForm({ name: "Mallory Plain", email: "plain-target@example.test", password: "a-good-password" }, { bytes: await pngBytes() });
    expect((await call(register, await withAltcha({ method: "POST", headers: nextClient(), rawBody: form }))).status).toBe(201);
    expect((await inbox("plain-target@example.test", /Confirm your email address/)).text).not.toContain("Mallory");

    // The account's address is still unverified: a reset mail to it does not carry the name either.
    const asked = await call(forgot, await withAltcha({ method: "POST", headers: nextClient(), body: { email: "plain-target@example.test" } }));
    expect(asked.status).toBe(200);
    const reset = await inbox("plain-target@example.test", /Reset your/);
    expect(reset.text).toMatch(/^Hello,$/m);
    expect(reset.text).not.toContain("Mallory");
  });

  it("a change of address: the new (unverified) inbox gets no name; the verified current one gets no link-like name", async () => {
    const person = await createUser({ name: HOSTILE, email: "mover-2@example.test", passwordHash: await hashPassword("mover-password") });
    const asked = await call(changeEmail, { method: "POST", as: person, headers: nextClient(), body: { email: "fresh-inbox@example.test", password: "mover-password" } });
    expect(asked.status).toBe(200);
    const confirm = await inbox("fresh-inbox@example.test", /Confirm your new email address/);
    expect(confirm.text).toMatch(/^Hello,$/m);
    await expectOnlyOwnLinks(confirm);
    const notice = await smtp.waitForMail("mover-2@example.test", /is being changed/);
    expect(notice.text).toMatch(/^Hello,$/m);
    await expectOnlyOwnLinks(notice);

    // A verified person with an ordinary name is still greeted by it.
    const db = await getDb();
    await db.update(users).set({ name: "Ada Lovelace" }).where(eq(users.id, person.id));
    smtp.mails.length = 0;
    const again = await call(changeEmail, { method: "POST", as: { id: person.id }, headers: nextClient(), body: { email: "fresher-inbox@example.test", password: "mover-password" } });
    expect(again.status).toBe(200);
    await deliverDueMail();
    expect((await smtp.waitForMail("mover-2@example.test", /is being changed/)).text).toMatch(/^Hello Ada Lovelace,$/m);
    expect((await smtp.waitForMail("fresher-inbox@example.test", /Confirm your new email address/)).text).not.toContain("Ada");
  });

  it("a survey's title and question (a surveyor's words, mailed to voters) form no link", async () => {
    const result = { yesCount: 2, noCount: 1, line: "Yes 2, No 1." };
    const mails = [
      await surveyResultMail({ locale: "en", name: "Vera Voter", title: HOSTILE, question: "Claim yours at evil.com/prize?", result, url: `${SITE}survey/details/1`, unsubscribe: `${SITE}unsubscribe?token=t` }),
      await surveyClosedMail({ locale: "en", name: HOSTILE, title: "Visit x.com", result, url: `${SITE}dashboard`, unsubscribe: `${SITE}unsubscribe?token=t` }),
    ];
    for (const content of mails) {
      const mail = { ...content, to: "", messageId: "", headers: new Map(), header: () => undefined } as unknown as ReceivedMail;
      const links = await linksOf(mail);
      expect(links.filter((l) => !l.startsWith(SITE))).toEqual([]);
    }
    expect(mails[0].text).toContain("Hello Vera Voter,");
    expect(mails[1].text).toMatch(/^Hello,$/m);
    expect(unlinkable("https://evil.example/x")).toBe("https[:]//evil[.]example/x");
    expect(unlinkable("Ada Lovelace, Q2 results... done.")).toBe("Ada Lovelace, Q2 results... done.");
  });
});
