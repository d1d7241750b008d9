// The notice of a sign-in from a new browser, through Auth.js's own sign-in as the login page does it:
// the account's first sign-in and a known browser (even updated) mail nothing, another kind of browser
// mails its owner once, and the preference (account page or the mail's own unsubscribe link) stops it.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PATCH as patchPreferences } from "@/app/api/me/mail-preferences/route";
import { POST as unsubscribe } from "@/app/api/unsubscribe/route";
import { hashPassword } from "@/lib/auth/password";
import { getDb } from "@/lib/db";
import { unsubscribeToken } from "@/lib/mail/unsubscribe";
import { mailOutbox } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { signInWithPassword } from "@/tests/session-cookie";

const PASSWORD = "notice-password-1";
const CHROME_LINUX = (version: number) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

let address = 1;
async function signIn(email: string, userAgent: string) {
  expect(await signInWithPassword(email, PASSWORD, { userAgent, address: `10.63.0.${address++}` })).not.toBeNull();
}

async function noticesOf(userId: string) {
  const db = await getDb();
  return db
    .select({ subject: mailOutbox.subject, text: mailOutbox.textBody, headers: mailOutbox.headers })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, "sign_in_notice")));
}

describe("the notice of a sign-in from a new browser", () => {
  it("mails nothing for the first sign-in nor for a browser the account knows, even updated; mails once for another kind", async () => {
    const person = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    await signIn(person.email, CHROME_LINUX(130));
    await signIn(person.email, CHROME_LINUX(131));
    expect(await noticesOf(person.id)).toEqual([]);

    await signIn(person.email, SAFARI_IPHONE);
    const [notice, ...more] = await noticesOf(person.id);
    expect(more).toEqual([]);
    expect(notice.subject).toBe("New sign-in to your OPINEX account");
    expect(notice.text).toMatch(/from Safari 17 on iOS .* \(password\)\. It is a browser your account had not used before\./);
    expect(notice.text).toMatch(/end that session on your account page and change your password/);
    expect(notice.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });

    // Known from now on.
    await signIn(person.email, SAFARI_IPHONE);
    expect(await noticesOf(person.id)).toHaveLength(1);
  });

  it("is turned off on the account page, and by the mail's own unsubscribe link", async () => {
    const byPage = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    await signIn(byPage.email, CHROME_LINUX(131));
    const saved = await call(patchPreferences, { method: "PATCH", as: byPage, body: { signInNotices: false } });
    expect(saved.json).toEqual({ preferences: { results: true, surveyNews: true, signInNotices: false } });
    await signIn(byPage.email, SAFARI_IPHONE);
    expect(await noticesOf(byPage.id)).toEqual([]);

    const byLink = await createUser({ passwordHash: await hashPassword(PASSWORD) });
    await signIn(byLink.email, CHROME_LINUX(131));
    const res = await call(unsubscribe, { method: "POST", path: `/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(byLink.id, "sign-in"))}` });
    expect(res.json).toMatchObject({ ok: true, message: "You will no longer receive emails about sign-ins to your account from a new browser." });
    await signIn(byLink.email, FIREFOX_WINDOWS);
    expect(await noticesOf(byLink.id)).toEqual([]);
  });
});
