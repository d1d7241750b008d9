// POST /api/update_role: an admin sets someone's role (audited); the last admin cannot be demoted
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { changeUserRole } from "@/lib/services/users";
import { updateRoleSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: rolesFor("manageUsers"),
  body: updateRoleSchema,
  handler: ({ body, user }) => changeUserRole(body.id, body.role, user.id),
});
