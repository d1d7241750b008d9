// POST /api/user: register the signed-in person's account record; the role is always `user`; idempotent
import { userRecordSchema } from "@/lib/api/contract";
import { forbidden } from "@/lib/api/errors";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { createUserSchema } from "@/lib/accounts/auth-schema";

export const POST = route({
  auth: "signed-in",
  body: createUserSchema,
  doc: {
    tag: "Account",
    summary: "Register my account record",
    description: "Idempotent: signing in already created the account, so nothing is written. A role other than `user` is refused (403).",
    who: "own email only",
    answers: [answer("Acknowledged", userRecordSchema)],
  },
  handler: ({ user, body }) => {
    assertSelf(user, { email: body.email }, { message: "You can only register your own account" });
    if (body.role && body.role !== "user") throw forbidden("New accounts always start with the role user");
    // Signing in (email and password or Google) already created the row; nothing else may be inserted.
    return { acknowledged: true, insertedId: null, userExist: true };
  },
});
