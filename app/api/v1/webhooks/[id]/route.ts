// GET /api/v1/webhooks/{id}: one of the caller's webhook endpoints
// PATCH /api/v1/webhooks/{id} { enabled: true }: turns an endpoint turned off after repeated failure back on
// DELETE /api/v1/webhooks/{id}: removes it and its deliveries
import { okSchema } from "@/lib/api/contract";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { deleteWebhook, enableWebhook, getWebhook } from "@/lib/integrations/webhooks/endpoints";
import { updateWebhookSchema, webhookIdParams, webhookJsonSchema } from "@/lib/integrations/webhooks/schema";

export const GET = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: webhookIdParams,
  doc: {
    tag: "Webhooks",
    summary: "A webhook",
    description: "One of the caller's endpoints: whether it is on, its failures in a row. Any id that is not one of the caller's endpoints is 404.",
    answers: [answer("The endpoint", webhookJsonSchema)],
  },
  handler: ({ user, params }) => getWebhook(user.id, params.id),
});

export const PATCH = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: webhookIdParams,
  body: updateWebhookSchema,
  maxBodyBytes: 1024,
  doc: {
    tag: "Webhooks",
    summary: "Turn a webhook back on",
    description:
      "An endpoint is turned off after 5 deliveries in a row were given up (its owner is mailed). `{ \"enabled\": true }` turns it on again: new events are delivered, and its failure count starts again. Its given-up deliveries can be sent again one by one (`…/redeliver`).",
    answers: [answer("The endpoint, on", webhookJsonSchema)],
  },
  handler: ({ user, params }) => enableWebhook(user.id, params.id),
});

export const DELETE = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  params: webhookIdParams,
  doc: {
    tag: "Webhooks",
    summary: "Delete a webhook",
    description: "Nothing more is sent to it, pending deliveries included; its delivery list goes with it.",
    answers: [answer("Deleted", okSchema)],
  },
  handler: async ({ user, params }) => {
    await deleteWebhook(user.id, params.id);
    return { ok: true };
  },
});
