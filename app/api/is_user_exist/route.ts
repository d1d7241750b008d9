// POST /api/is_user_exist: whether an account exists, and its role (own email only; admins: any)
import { toUserJson, userExistSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { findUserByEmail } from "@/lib/accounts/users";
import { isUserExistSchema } from "@/lib/accounts/auth-schema";

export const POST = route({
  auth: "signed-in",
  body: isUserExistSchema,
  doc: {
    tag: "Account",
    summary: "Does an account exist",
    description: "Whether an account exists for an email, and its role.",
    who: "own email only; admins: any",
    answers: [answer("Whether it exists", userExistSchema)],
  },
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.email }, { unless: "manageUsers", message: "You can only look up your own account" });
    const found = await findUserByEmail(body.email);
    if (!found) return { userExist: false };
    return { userExist: true, result: toUserJson(found) };
  },
});
