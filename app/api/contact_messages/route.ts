// GET /api/contact_messages: admins read the contact form's messages, newest first
import { NextResponse } from "next/server";
import { toContactMessageJson, contactMessageJsonSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer, TOTAL_COUNT } from "@/lib/api/route-doc";
import { listContactMessages } from "@/lib/contact/contact";
import { pagedQuerySchema } from "@/lib/moderation/schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "readContactMessages",
  query: pagedQuerySchema,
  doc: {
    tag: "Admin",
    summary: "List contact messages",
    description: "One page of the contact form's messages, newest first.",
    answers: [{ ...answer("The page's messages", z.array(contactMessageJsonSchema)), headers: TOTAL_COUNT }],
  },
  handler: async ({ query }) => {
    const { rows, total } = await listContactMessages(query);
    return NextResponse.json(rows.map(toContactMessageJson), { headers: { "X-Total-Count": String(total) } });
  },
});
