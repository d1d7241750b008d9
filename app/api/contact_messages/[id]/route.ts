// PATCH /api/contact_messages/{id}: an admin marks a contact message handled, or reopens it. Idempotent,
// audited.
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { contactHandledSchema, contactMessageIdParamsSchema } from "@/lib/contact/inbox-schema";
import { contactMessageAnswerSchema, toContactMessageStateJson } from "@/lib/contact/json";
import { setContactMessageHandled } from "@/lib/contact/replies";

export const PATCH = route({
  auth: "readContactMessages",
  params: contactMessageIdParamsSchema,
  body: contactHandledSchema,
  maxBodyBytes: 1024,
  doc: {
    tag: "Admin",
    summary: "Mark a contact message handled, or reopen it",
    description:
      "`handled: true` marks it handled by the caller; `false` reopens it (it waits again). Audited. Asking for the state it is already in changes nothing.",
    answers: [answer("The message", contactMessageAnswerSchema)],
  },
  handler: async ({ user, params, body }) => ({ message: toContactMessageStateJson(await setContactMessageHandled(params.id, body.handled, user.id)) }),
});
