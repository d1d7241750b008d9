import "server-only";
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { releaseAttempt, reserveAttempt } from "@/lib/auth/attempts";
import { getDb } from "@/lib/db";
import type { ContactInput } from "@/lib/validation/contact";
import { contactMessages } from "@/models";

// A public form: bound how many messages one address can leave, so it cannot flood the admins' inbox.
export const CONTACT_MAX_PER_HOUR = 5;

const tooManyMessages = () =>
  new ApiError("too_many_requests", "You have sent several messages in the last hour. Please wait before sending another.");

/**
 * Stores a message. Limited per email typed (as before) and per client address: changing the email
 * no longer lets one sender flood the inbox. The address's slot is reserved atomically first.
 */
export async function saveContactMessage(input: ContactInput, clientAddress: string): Promise<{ id: string }> {
  const [slot] = await reserveAttempt([{ key: `contact:${clientAddress}`, max: CONTACT_MAX_PER_HOUR, windowMinutes: 60, refuse: tooManyMessages }]);
  try {
    return await saveWithinEmailLimit(input);
  } catch (error) {
    await releaseAttempt([slot]);
    throw error;
  }
}

async function saveWithinEmailLimit(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  const email = input.email.toLowerCase();
  const [recent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(eq(contactMessages.email, email), gt(contactMessages.createdAt, sql`now() - interval '1 hour'`)));
  if ((recent?.n ?? 0) >= CONTACT_MAX_PER_HOUR) throw tooManyMessages();
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
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(contactMessages),
  ]);
  return { rows, total: total?.n ?? 0 };
}
