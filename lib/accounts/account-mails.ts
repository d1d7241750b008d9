import "server-only";
import { issueEmailToken, issueVerification } from "@/lib/auth/email-tokens";
import type { Tx } from "@/lib/db";
import { mailLink, mailLocale } from "@/lib/mail/i18n";
import { enqueueMail } from "@/lib/mail/outbox";
import { changeEmailConfirmMail, changeEmailNoticeMail, resetPasswordMail, verifyEmailMail } from "@/lib/mail/templates";
import { nameForOwnInbox, type Person } from "./security-notices";

// The mails about a person's own account, each queued in the caller's transaction with its token.
// Links are built on the configured public address (AUTH_URL), never on the request's Host header:
// a forged Host must not turn a reset mail into a link to someone else's site. Each is written in the
// account's saved language, its links leading to the pages in that language. The notices of changes
// to how the account signs in (second factors, passkeys) are in security-notices.ts.

/** The link and code that verify the address; `continueTo` is where the verified page sends the person on. */
export async function queueVerificationMail(tx: Tx, person: Person, continueTo?: string | null): Promise<void> {
  const { token, code } = await issueVerification(tx, { userId: person.id, email: person.email, continueTo });
  const locale = mailLocale(person.locale);
  const url = mailLink(locale, `/verify-email?token=${encodeURIComponent(token)}`);
  await enqueueMail(tx, { kind: "verify_email", userId: person.id, to: person.email, ...(await verifyEmailMail({ locale, name: null, url, code })) });
}

export async function queuePasswordResetMail(tx: Tx, person: Person): Promise<void> {
  const token = await issueEmailToken(tx, { userId: person.id, purpose: "reset_password", email: person.email });
  const locale = mailLocale(person.locale);
  const url = mailLink(locale, `/reset-password?token=${encodeURIComponent(token)}`);
  await enqueueMail(tx, { kind: "reset_password", userId: person.id, to: person.email, ...(await resetPasswordMail({ locale, name: nameForOwnInbox(person), url })) });
}

/**
 * A confirmation link to the new address (not yet verified: no name), and a notice (without link to
 * it) to the current one.
 */
export async function queueEmailChangeMails(tx: Tx, person: Person, newEmail: string): Promise<void> {
  const token = await issueEmailToken(tx, { userId: person.id, purpose: "change_email", email: newEmail });
  const locale = mailLocale(person.locale);
  const url = mailLink(locale, `/confirm-email?token=${encodeURIComponent(token)}`);
  await enqueueMail(tx, { kind: "change_email", userId: person.id, to: newEmail, ...(await changeEmailConfirmMail({ locale, name: null, url })) });
  await enqueueMail(tx, {
    kind: "change_email_notice",
    userId: person.id,
    to: person.email,
    ...(await changeEmailNoticeMail({ locale, name: nameForOwnInbox(person), newEmail, url: mailLink(locale, "/login") })),
  });
}
