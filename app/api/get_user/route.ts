// GET /api/get_user: admins list accounts ({ _id, email, role, name }; never a password hash)
import { toUserJson, userJsonSchema } from "@/lib/api/contract";
import { pagedListRoute } from "@/lib/api/paged";
import { listUsers } from "@/lib/accounts/users";
import { userListQuerySchema } from "@/lib/moderation/schema";

// Still an array, as the original answered; `?role=&q=&page=&limit=` pick the page and the total
// is in `X-Total-Count` (a search counts its matches up to 1,001: 1001 means more than 1,000, and its
// pages end there; lib/accounts/users.ts).
export const GET = pagedListRoute(listUsers, toUserJson, {
  auth: "manageUsers",
  query: userListQuerySchema,
  doc: { summary: "List accounts", description:
      "One page of accounts, by email; `q` is a case-insensitive prefix of an email or a name. Never a password hash. A search counts its matches up to 1,001 (`X-Total-Count: 1001` means more than 1,000) and its pages end there: past them the page is empty.", answer: "The page's accounts", item: userJsonSchema },
});
