// POST /api/update_role: an admin sets someone's role; the last admin cannot be demoted
import { route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { changeUserRole } from "@/lib/services/users";
import { updateRoleSchema } from "@/lib/validation/auth";

export const POST = route({
  auth: rolesFor("manageUsers"),
  body: updateRoleSchema,
  handler: ({ body }) => changeUserRole(body.id, body.role),
});
