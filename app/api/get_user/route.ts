// GET /api/get_user: admins list accounts ({ _id, email, role, name }; never a password hash)
import { toUserJson, userJsonSchema } from "@/lib/api/contract";
import { pagedListRoute } from "@/lib/api/paged";
import { listUsers } from "@/lib/accounts/users";
import { userListQuerySchema } from "@/lib/moderation/schema";

// Still an array, as the original answered; `?role=&q=&page=&limit=` pick the page and the total
// is in `X-Total-Count`.
export const GET = pagedListRoute(listUsers, toUserJson, {
  auth: "manageUsers",
  query: userListQuerySchema,
  doc: { summary: "List accounts", description: "One page of accounts, by email; `q` is a case-insensitive prefix of an email or a name. Never a password hash.", answer: "The page's accounts", item: userJsonSchema },
});
