// POST /api/update_role: an admin sets someone's role (audited); the last admin cannot be demoted
import { modifiedSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { assertRecentSecondFactor } from "@/lib/auth/second-factor-gate";
import { answer } from "@/lib/api/route-doc";
import { changeUserRole } from "@/lib/accounts/users";
import { updateRoleSchema } from "@/lib/accounts/auth-schema";

export const POST = route({
  auth: "manageUsers",
  body: updateRoleSchema,
  doc: {
    tag: "Admin",
    summary: "Set someone's role",
    description:
      "Audited. The last admin cannot be demoted (409). Making someone an admin needs a second factor proved in the last 10 minutes when the caller has one (403 `recent_second_factor_required`; `POST /api/me/second-factor/verify`).",
    answers: [answer("Whether the role changed", modifiedSchema)],
    errors: [404, 409],
  },
  handler: ({ body, user }) => {
    if (body.role === "admin") assertRecentSecondFactor(user);
    return changeUserRole(body.id, body.role, user.id);
  },
});
