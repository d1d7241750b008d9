import { z } from "@/lib/validation/zod";
import { requiredText } from "@/lib/validation/text";
import { pagedQuerySchema } from "@/lib/moderation/schema";

// The admins' inbox of contact messages: one definition for the Messages page, its reply form and the
// routes under /api/contact_messages. Apart from ./schema.ts, which the public contact form loads.

/** A reply is a mail: long enough for a real answer, bounded so one request cannot queue a book. */
export const CONTACT_REPLY_MAX = 5000;

export const contactReplySchema = z.object({
  message: requiredText(
    "The reply",
    CONTACT_REPLY_MAX,
    { notText: "message must be text", empty: "Write a reply", tooLong: `The reply must be at most ${CONTACT_REPLY_MAX} characters` },
    { multiLine: true },
  ).meta({ description: `The admin's answer, 1–${CONTACT_REPLY_MAX} characters; line breaks kept` }),
});
export type ContactReplyInput = z.infer<typeof contactReplySchema>;

export const contactHandledSchema = z.object({
  handled: z.boolean({ error: "handled must be true or false" }).meta({ description: "true: mark handled; false: reopen" }),
});

/** Which messages a list shows: the ones still waiting (the default: what an admin needs first), the handled ones, or all. */
export const CONTACT_STATUSES = ["open", "handled", "all"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
export const contactStatusSchema = z
  .enum(CONTACT_STATUSES, { error: `status must be one of ${CONTACT_STATUSES.join(", ")}` })
  .default("open")
  .meta({ description: "open (default): still waiting for an answer; handled; or all" });

/** A message's id in a path: anything that cannot be one is no message (404). */
export const contactMessageIdParamsSchema = z.object({ id: z.uuid({ error: "No such message" }) });

/** GET /api/contact_messages: a page of one status's messages. */
export const contactListQuerySchema = pagedQuerySchema.extend({ status: contactStatusSchema });
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;
