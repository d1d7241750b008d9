import "server-only";
import { and, count, eq, gt, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { newestFirst } from "@/lib/db/newest-first";
import { refuseAt, release, reserve } from "@/lib/limits/apply";
import { LIMITS } from "@/lib/limits/table";
import type { ContactStatus } from "@/lib/contact/inbox-schema";
import type { ContactInput } from "@/lib/contact/schema";
import { contactMessages, users } from "@/models";

/**
 * Stores a message. A public form: limited per email typed (`contact.address`) and per client
 * (`contact.client`, lib/limits/table.ts), so changing the email does not let one sender flood the
 * admins' inbox. The client's hit is reserved atomically first, and given back if nothing is stored.
 */
export async function saveContactMessage(input: ContactInput, clientAddress: string): Promise<{ id: string }> {
  const held = await reserve([["contact.client", clientAddress]]);
  try {
    return await saveWithinEmailLimit(input);
  } catch (error) {
    await release(held);
    throw error;
  }
}

async function saveWithinEmailLimit(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  const email = input.email.toLowerCase();
  const [recent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, sql`now() - make_interval(mins => ${LIMITS["contact.address"].windowMinutes})`)));
  refuseAt("contact.address", recent?.n ?? 0);
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email, message: input.message })
    .returning({ id: contactMessages.id });
  return row;
}

/** A message as the admins see it: with when (and by whom) it was handled, and when last replied to. */
export type ContactMessageRow = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
  handledAt: Date | null;
  /** The email of the admin who handled it; null while it waits, or once that account is gone. */
  handledBy: string | null;
  repliedAt: Date | null;
};

/** The columns of a `ContactMessageRow`: select them from contact_messages left-joined to its handler (`users`). */
export const contactMessageColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  // A deleted account keeps a placeholder address: it names no one, so it is no answer.
  handledBy: sql<string | null>`case when ${users.deletedAt} is null then ${users.email} end`,
  repliedAt: contactMessages.repliedAt,
};

/** Which rows a status shows; `open` is the partial index contact_messages_open_idx's own condition. */
const STATUS_WHERE: Record<ContactStatus, SQL | undefined> = {
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
  all: undefined,
};

/**
 * One page of the contact form's messages of a status (by default those still waiting), newest first:
 * over the created_at index, or for the waiting ones the partial index of exactly those rows.
 */
export async function listContactMessages(options: { page?: number; limit?: number; status?: ContactStatus }): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const { page = 1, limit = 20, status = "open" } = options;
  const where = STATUS_WHERE[status];
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    newestFirst(
      db.select(contactMessageColumns).from(contactMessages).leftJoin(users, eq(users.id, contactMessages.handledBy)).where(where).$dynamic(),
      contactMessages,
      { page, limit },
    ),
    db.select({ n: count() }).from(contactMessages).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
