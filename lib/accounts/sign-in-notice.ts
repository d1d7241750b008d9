import "server-only";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { nameForOwnInbox } from "@/lib/accounts/security-notices";
import { browserFamily, describeUserAgent } from "@/lib/accounts/user-agent";
import { getDb } from "@/lib/db";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailLink, mailLocale } from "@/lib/mail/i18n";
import { newSignInMail } from "@/lib/mail/templates";
import { unsubscribeLinks } from "@/lib/mail/unsubscribe";
import { users, userSessions } from "@/models";

// The notice of a sign-in from a new browser: someone who signs in with a stolen password from their
// own machine is news to the account's owner. "New" is a kind of browser on a kind of system the
// account has not signed in with before ("Chrome on Linux": versions change by themselves); the
// account's very first sign-in (registering signs in) is no news. Opt-out (`mail_sign_in_notices`).

/** How many of the account's latest sessions are compared (the list is read by its index, newest first). */
const SESSIONS_COMPARED = 100;

/** A browser's or system's name, or null where describeUserAgent could not tell ("Unknown browser"): the mail says so in its language. */
const named = (words: string) => (words.startsWith("Unknown ") ? null : words);

/** After a sign-in opened session `sessionId`: mails the owner when its browser is new to the account. */
export async function noticeNewBrowser(userId: string, sessionId: string, userAgent: string | null, signInMethod: string | null): Promise<boolean> {
  const db = await getDb();
  const earlier = await db
    .select({ userAgent: userSessions.userAgent })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), ne(userSessions.id, sessionId)))
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(SESSIONS_COMPARED);
  const family = browserFamily(userAgent);
  if (earlier.length === 0 || earlier.some((row) => browserFamily(row.userAgent) === family)) return false;
  const [person] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.mailSignInNotices, true), isNull(users.deletedAt)));
  if (!person) return false;
  const { browser, os } = describeUserAgent(userAgent);
  const locale = mailLocale(person.locale);
  const links = unsubscribeLinks(person.id, "sign-in", locale);
  const mail = await newSignInMail({
    locale,
    name: nameForOwnInbox(person),
    browser: named(browser),
    os: named(os),
    method: signInMethod,
    when: formatDateTimeWithZone(new Date(), getEnv().APP_TIME_ZONE, locale),
    url: mailLink(locale, "/dashboard/account#sessions"),
    unsubscribe: links.page,
  });
  await db.transaction((tx) => enqueueMail(tx, { kind: "sign_in_notice", userId: person.id, to: person.email, headers: links.headers, ...mail }));
  return true;
}
