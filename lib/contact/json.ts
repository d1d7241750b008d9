// The JSON of a contact message (GET /api/contact_messages, PATCH /api/contact_messages/{id}, its
// reply): the first implementation's fields (`_id`, name, email, message, createdAt) and where the
// admins are with it. Its zod schema is what the API reference publishes.
import type { ContactMessageRow } from "@/lib/contact/contact";
import { z } from "@/lib/validation/zod";

const instant = z.iso.datetime();

export const contactMessageStateJsonSchema = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    email: z.string().meta({ description: "The sender's address, as typed (replies go there)" }),
    message: z.string(),
    createdAt: instant,
    handledAt: instant.nullable().meta({ description: "When an admin marked it handled or replied; null while it waits" }),
    handledBy: z.string().nullable().meta({ description: "The email of the admin who handled it; null while it waits, or once that account is gone" }),
    repliedAt: instant.nullable().meta({ description: "When an admin last replied to it by mail; null if never" }),
  })
  .meta({ id: "ContactMessage" });

export function toContactMessageStateJson(m: ContactMessageRow): z.output<typeof contactMessageStateJsonSchema> {
  return {
    _id: m.id,
    name: m.name,
    email: m.email,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
    handledAt: m.handledAt?.toISOString() ?? null,
    handledBy: m.handledBy,
    repliedAt: m.repliedAt?.toISOString() ?? null,
  };
}

/** The answer of a change to one message. */
export const contactMessageAnswerSchema = z.object({ message: contactMessageStateJsonSchema });
