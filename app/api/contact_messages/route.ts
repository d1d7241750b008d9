// GET /api/contact_messages: admins read the contact form's messages, newest first: by default those
// still waiting for an answer (`?status=open|handled|all`)
import { pagedListRoute } from "@/lib/api/paged";
import { listContactMessages } from "@/lib/contact/contact";
import { contactListQuerySchema } from "@/lib/contact/inbox-schema";
import { contactMessageStateJsonSchema, toContactMessageStateJson } from "@/lib/contact/json";

export const GET = pagedListRoute(listContactMessages, toContactMessageStateJson, {
  auth: "readContactMessages",
  query: contactListQuerySchema,
  doc: {
    summary: "List contact messages",
    description: "One page of the contact form's messages of a status, newest first: by default those still waiting for an answer (`status=open`), or `handled`, or `all`.",
    answer: "The page's messages",
    item: contactMessageStateJsonSchema,
  },
});
