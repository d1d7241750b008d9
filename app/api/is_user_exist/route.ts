// POST /api/is_user_exist: whether an account exists, and its role (own email only; admins: any)
import { toUserJson } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { assertSelf } from "@/lib/auth/permissions";
import { findUserByEmail } from "@/lib/services/users";
import { isUserExistSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: "signed-in",
  body: isUserExistSchema,
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.email }, { unless: "manageUsers", message: "You can only look up your own account" });
    const found = await findUserByEmail(body.email);
    if (!found) return { userExist: false };
    return { userExist: true, result: toUserJson(found) };
  },
});
