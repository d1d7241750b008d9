// GET /api/v1/webhooks/{id}/deliveries: an endpoint's deliveries, newest first, a page at a time
import { cursorQuery } from "@/lib/api/cursor";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { listDeliveries } from "@/lib/integrations/webhooks/endpoints";
import { deliveryJsonSchema, pageOf, webhookIdParams } from "@/lib/integrations/webhooks/schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: webhookIdParams,
  query: z.object(cursorQuery),
  doc: {
    tag: "Webhooks",
    summary: "A webhook's deliveries",
    description:
      "Each event sent to the endpoint, newest first, `limit` at a time: pending (with when it is tried next), delivered or given up; its attempts, the receiver's last status and the start of its answer. Kept 30 days.",
    answers: [answer("A page of deliveries", pageOf(deliveryJsonSchema, "WebhookDeliveryPage"))],
  },
  handler: ({ user, params, query }) => listDeliveries(user.id, params.id, query),
});
