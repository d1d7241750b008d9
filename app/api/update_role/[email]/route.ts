// POST /api/update_role/{email} {role:'pro_user'}: confirm an upgrade a verified payment earned (self or admin)
import { route } from "@/lib/api/handler";
import { confirmProUpgrade } from "@/lib/payments/billing";
import { confirmUpgradeSchema, emailParamsSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  params: emailParamsSchema,
  body: confirmUpgradeSchema,
  maxBodyBytes: 1024,
  handler: ({ user, params }) => confirmProUpgrade(params.email, user),
});
