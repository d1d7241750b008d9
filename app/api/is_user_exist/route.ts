// POST /api/is_user_exist: whether an account exists, and its role (own email only; admins: any)
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { can } from "@/lib/auth/permissions";
import { findUserByEmail } from "@/lib/services/users";
import { isUserExistSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: "signed-in",
  body: isUserExistSchema,
  handler: async ({ user, body }) => {
    if (body.email !== user.email && !can(user.role, "manageUsers")) throw forbidden("You can only look up your own account");
    const found = await findUserByEmail(body.email);
    if (!found) return { userExist: false };
    const { _id, email, role, name } = found;
    return { userExist: true, result: { _id, email, role, name } };
  },
});
