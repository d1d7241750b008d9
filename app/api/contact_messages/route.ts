// GET /api/contact_messages: admins read the contact form's messages, newest first
import { toContactMessageJson, contactMessageJsonSchema } from "@/lib/api/contract";
import { pagedListRoute } from "@/lib/api/paged";
import { listContactMessages } from "@/lib/contact/contact";
import { pagedQuerySchema } from "@/lib/moderation/schema";

export const GET = pagedListRoute(listContactMessages, toContactMessageJson, {
  auth: "readContactMessages",
  query: pagedQuerySchema,
  doc: { summary: "List contact messages", description: "One page of the contact form's messages, newest first.", answer: "The page's messages", item: contactMessageJsonSchema },
});
