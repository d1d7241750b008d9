// GET /api/contact_messages: admins read the contact form's messages, newest first
import { NextResponse } from "next/server";
import { toContactMessageJson } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listContactMessages } from "@/lib/services/contact";
import { pagedQuerySchema } from "@/lib/validation/admin";

export const GET = route({
  auth: rolesFor("readContactMessages"),
  query: pagedQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listContactMessages(query);
    return NextResponse.json(rows.map(toContactMessageJson), { headers: { "X-Total-Count": String(total) } });
  },
});
