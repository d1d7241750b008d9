import "server-only";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { newestFirst } from "@/lib/db/newest-first";
import { refuseAt, release, reserve } from "@/lib/limits/apply";
import { LIMITS } from "@/lib/limits/table";
import type { ContactInput } from "@/lib/contact/schema";
import { contactMessages } from "@/models";

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

export type ContactMessageRow = { id: string; name: string; email: string; message: string; createdAt: Date };

/** One page of the contact form's messages, newest first (over the created_at index). */
export async function listContactMessages(options: { page?: number; limit?: number }): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const { page = 1, limit = 20 } = options;
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    newestFirst(
      db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          email: contactMessages.email,
          message: contactMessages.message,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .$dynamic(),
      contactMessages,
      { page, limit },
    ),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { rows, total: total?.n ?? 0 };
}
