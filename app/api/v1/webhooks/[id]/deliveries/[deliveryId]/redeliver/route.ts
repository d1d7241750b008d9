// POST /api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver: sends a delivery again, the same message
import { NextResponse } from "next/server";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { redeliver } from "@/lib/integrations/webhooks/endpoints";
import { deliveryJsonSchema, deliveryParams } from "@/lib/integrations/webhooks/schema";

export const POST = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: deliveryParams,
  doc: {
    tag: "Webhooks",
    summary: "Redeliver",
    description:
      "Queues the delivery again, as it was: the same `webhook-id` and body (a receiver that already has it can tell), with a new round of retries. 409 while the endpoint is turned off or while the delivery is being sent.",
    answers: [answer("Queued: it is sent within seconds", deliveryJsonSchema, 202)],
    errors: [409],
  },
  handler: async ({ user, params }) => NextResponse.json(await redeliver(user.id, params.id, params.deliveryId), { status: 202 }),
});
