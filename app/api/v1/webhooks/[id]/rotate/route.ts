// POST /api/v1/webhooks/{id}/rotate: a new signing secret, shown once; the old one signs too for 24 hours
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { rotateWebhookSecret } from "@/lib/integrations/webhooks/endpoints";
import { rotatedSecretJsonSchema, webhookIdParams } from "@/lib/integrations/webhooks/schema";

export const POST = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: webhookIdParams,
  doc: {
    tag: "Webhooks",
    summary: "Rotate a webhook's secret",
    description:
      "A new signing secret, in this answer only. For the next 24 hours every delivery is signed with both (two `v1,` signatures in `webhook-signature`), so the receiver can switch to the new one without missing a delivery; after that, the new one alone. Rotating again within the 24 hours drops the oldest secret at once.",
    answers: [answer("The new secret, shown this once", rotatedSecretJsonSchema)],
  },
  handler: ({ user, params }) => rotateWebhookSecret(user.id, params.id),
});
