// POST /api/update_role/{email} {role:'pro_user'}: confirm an upgrade a verified payment earned (self or admin)
import { acknowledgedUpdateSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { confirmProUpgrade } from "@/lib/payments/billing";
import { confirmUpgradeSchema, emailParamsSchema } from "@/lib/payments/schemas";

export const POST = route({
  auth: "signed-in",
  params: emailParamsSchema,
  body: confirmUpgradeSchema,
  maxBodyBytes: 1024,
  doc: {
    tag: "Payments",
    summary: "Confirm a paid upgrade",
    description: "Confirms the upgrade to pro_user that a verified payment earned (403 without one); never a free upgrade.",
    who: "that person, or an admin",
    answers: [answer("Confirmed", acknowledgedUpdateSchema)],
    errors: [404],
  },
  handler: ({ user, params }) => confirmProUpgrade(params.email, user),
});
