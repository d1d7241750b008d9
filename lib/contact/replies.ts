// What admins do with a message of the contact form: mark it handled or reopen it, and reply to its
// sender by mail. Each change and its audit row commit together; a reply's mail is a row of the outbox
// written in that same transaction, so it is sent exactly when the reply is recorded.
import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ApiError, notFound } from "@/lib/api/errors";
import { contactMessageColumns, type ContactMessageRow } from "@/lib/contact/contact";
import { getDb, type Tx } from "@/lib/db";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { release, reserve } from "@/lib/limits/apply";
import { mailLocale } from "@/lib/mail/i18n";
import { enqueueMail } from "@/lib/mail/outbox";
import { contactReplyMail } from "@/lib/mail/templates";
import { mailConfigured } from "@/lib/mail/transport";
import { recordAudit } from "@/lib/moderation/audit";
import { contactMessages, users } from "@/models";

const NO_SUCH_MESSAGE = "No such message";

/** The message, locked for update: two admins acting on one message queue instead of both acting. */
async function lockMessage(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: contactMessages.id, name: contactMessages.name, email: contactMessages.email, message: contactMessages.message, createdAt: contactMessages.createdAt, handledAt: contactMessages.handledAt })
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for("update");
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  return row;
}

/** The message as the admins' list shows it, read inside the transaction that changed it. */
async function readMessage(tx: Tx, id: string): Promise<ContactMessageRow> {
  const [row] = await tx.select(contactMessageColumns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.handledBy)).where(eq(contactMessages.id, id));
  return row;
}

/**
 * Marks a message handled (by `actorId`) or reopens it. Idempotent: asking for the state it is already
 * in changes nothing and writes no audit row. The audit row names the sender's address (a visitor has
 * no account to point at); reopening keeps `handled` as its old value.
 */
export async function setContactMessageHandled(id: string, handled: boolean, actorId: string): Promise<ContactMessageRow> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const message = await lockMessage(tx, id);
    if ((message.handledAt !== null) !== handled) {
      await tx
        .update(contactMessages)
        .set(handled ? { handledAt: sql`now()`, handledBy: actorId } : { handledAt: null, handledBy: null })
        .where(eq(contactMessages.id, id));
      await recordAudit(tx, { actorId, action: "contact_handled", oldValue: handled ? null : "handled", newValue: message.email });
    }
    return readMessage(tx, id);
  });
}

/**
 * The language of a reply: the saved language of the account with the sender's address, if there is
 * one; English otherwise (a message keeps no language of its own).
 */
async function replyLocale(tx: Tx, email: string) {
  const [account] = await tx.select({ locale: users.locale }).from(users).where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)));
  return mailLocale(account?.locale);
}

/**
 * Replies to a message's sender by mail: the admin's text with the message quoted below it, queued in
 * the outbox; the message is marked replied and, unless it already was, handled by this admin.
 * Within `contactReply.account` (lib/limits/table.ts): the hit is reserved first and given back when
 * nothing is sent. 503 where the site sends no mail, checked first: no reply could ever leave.
 */
export async function replyToContactMessage(id: string, reply: string, actorId: string): Promise<ContactMessageRow> {
  if (!mailConfigured()) throw new ApiError("service_unavailable", "This site sends no email, so a reply cannot be sent. Write to the sender from your own mail.");
  const held = await reserve([["contactReply.account", actorId]]);
  try {
    const db = await getDb();
    return await db.transaction(async (tx) => {
      const message = await lockMessage(tx, id);
      const locale = await replyLocale(tx, message.email);
      const sentOn = formatDateTimeWithZone(message.createdAt, getEnv().APP_TIME_ZONE, locale);
      await enqueueMail(tx, { kind: "contact_reply", to: message.email, ...(await contactReplyMail({ locale, name: message.name, reply, original: message.message, sentOn })) });
      await tx
        .update(contactMessages)
        // Already handled: it keeps who closed it and when (the row is locked); the audit trail says who replied.
        .set({ repliedAt: sql`now()`, ...(message.handledAt === null && { handledAt: sql`now()`, handledBy: actorId }) })
        .where(eq(contactMessages.id, id));
      await recordAudit(tx, { actorId, action: "contact_reply", newValue: message.email });
      return readMessage(tx, id);
    });
  } catch (error) {
    await release(held);
    throw error;
  }
}
