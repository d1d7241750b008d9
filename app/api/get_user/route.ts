// GET /api/get_user: admins list accounts ({ _id, email, role, name }; never a password hash)
import { NextResponse } from "next/server";
import { toUserJson } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listUsers } from "@/lib/services/users";
import { userListQuerySchema } from "@/lib/validation/admin";

// Still an array, as the original answered; `?role=&q=&page=&limit=` pick the page and the total
// is in `X-Total-Count`.
export const GET = route({
  auth: rolesFor("manageUsers"),
  query: userListQuerySchema,
  handler: async ({ query }) => {
    const { rows, total } = await listUsers(query);
    return NextResponse.json(rows.map(toUserJson), { headers: { "X-Total-Count": String(total) } });
  },
});
