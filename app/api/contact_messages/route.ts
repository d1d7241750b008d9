// GET /api/contact_messages: admins read the contact form's messages, newest first
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listContactMessages } from "@/lib/services/contact";
import { pagedQuerySchema } from "@/lib/validation/admin";

export const GET = route({
  auth: rolesFor("readContactMessages"),
  query: pagedQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listContactMessages(query);
    const body = rows.map((m) => ({ _id: m.id, name: m.name, email: m.email, message: m.message, createdAt: m.createdAt.toISOString() }));
    return NextResponse.json(body, { headers: { "X-Total-Count": String(total) } });
  },
});
