import "server-only";
import type { Tx } from "@/lib/db";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailLink, mailLocale } from "@/lib/mail/i18n";
import { securityNoticeMail, type SecurityNotice } from "@/lib/mail/templates";

// The security notices of a person's own account (a second factor added or removed, a passkey added, a
// recovery code used), each queued in the transaction of its change. Apart from account-mails.ts, whose
// mailed tokens (lib/auth/email-tokens.ts) reach the request guards, which ask second-factor.ts: this
// file must be importable from there without a cycle.

/** Whom a mail about their own account goes to; `locale` is the account's saved language (`users.locale`). */
export type Person = { id: string; name: string | null; email: string; emailVerified?: Date | null; locale: string };

// A name is the requester's own words: it goes only to an address the account has proved it reads
// (`emailVerified`). Whoever registers or changes to someone else's address must not have the site
// greet that inbox with a text of their choosing, so those mails say "Hello," alone.
export const nameForOwnInbox = (person: Person) => (person.emailVerified ? person.name : null);

/** The account page's section where second factors are managed: every security notice links there. */
export const SECOND_FACTOR_PAGE = "/dashboard/account#second-factor";

/**
 * A notice of a change to how the account signs in. Not subject to mail preferences (no unsubscribe):
 * the person must hear of it, above all when it was not them.
 */
export async function queueSecurityNotice(tx: Tx, person: Person, notice: SecurityNotice): Promise<void> {
  const locale = mailLocale(person.locale);
  const when = formatDateTimeWithZone(new Date(), getEnv().APP_TIME_ZONE, locale);
  await enqueueMail(tx, {
    kind: `security_${notice.what}`,
    userId: person.id,
    to: person.email,
    ...(await securityNoticeMail({ locale, name: nameForOwnInbox(person), notice, when, url: mailLink(locale, SECOND_FACTOR_PAGE) })),
  });
}
