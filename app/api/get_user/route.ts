// GET /api/get_user: admins list accounts ({ _id, email, role, name }; never a password hash)
import { NextResponse } from "next/server";
import { toUserJson, userJsonSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer, TOTAL_COUNT } from "@/lib/api/route-doc";
import { listUsers } from "@/lib/accounts/users";
import { userListQuerySchema } from "@/lib/moderation/schema";
import { z } from "@/lib/validation/zod";

// Still an array, as the original answered; `?role=&q=&page=&limit=` pick the page and the total
// is in `X-Total-Count`.
export const GET = route({
  auth: "manageUsers",
  query: userListQuerySchema,
  doc: {
    tag: "Admin",
    summary: "List accounts",
    description: "One page of accounts, by email; `q` is a case-insensitive prefix of an email or a name. Never a password hash.",
    answers: [{ ...answer("The page's accounts", z.array(userJsonSchema)), headers: TOTAL_COUNT }],
  },
  handler: async ({ query }) => {
    const { rows, total } = await listUsers(query);
    return NextResponse.json(rows.map(toUserJson), { headers: { "X-Total-Count": String(total) } });
  },
});
