// POST /api/contact_messages/{id}/reply: an admin answers a contact message by mail (through the
// outbox), with the message quoted below; the message is marked replied and handled. Audited, and
// limited per admin (`contactReply.account`).
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { LIMITS } from "@/lib/limits/table";
import { CONTACT_REPLY_MAX, contactMessageIdParamsSchema, contactReplySchema } from "@/lib/contact/inbox-schema";
import { contactMessageAnswerSchema, toContactMessageStateJson } from "@/lib/contact/json";
import { replyToContactMessage } from "@/lib/contact/replies";

export const POST = route({
  auth: "readContactMessages",
  params: contactMessageIdParamsSchema,
  body: contactReplySchema,
  // Room for the longest reply written entirely in \u escapes (6 bytes a UTF-16 unit), and the rest.
  maxBodyBytes: CONTACT_REPLY_MAX * 6 + 1024,
  doc: {
    tag: "Admin",
    summary: "Reply to a contact message by mail",
    description: `Mails the sender (subject "Re: your message to OPINEX") the reply with their message quoted below it, and marks the message replied and handled. Audited. At most ${LIMITS["contactReply.account"].max} replies an hour per admin (429); 503 where the site sends no mail.`,
    answers: [answer("The message, replied", contactMessageAnswerSchema)],
    errors: [429, 503],
  },
  handler: async ({ user, params, body }) => ({ message: toContactMessageStateJson(await replyToContactMessage(params.id, body.message, user.id)) }),
});
