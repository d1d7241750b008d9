// GET /api/v1/webhooks: the caller's webhook endpoints, newest first, a page at a time
// POST /api/v1/webhooks { url, events }: a new endpoint, with its signing secret shown once
import { NextResponse } from "next/server";
import { cursorQuery } from "@/lib/api/cursor";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { LIMITS } from "@/lib/limits/table";
import { createWebhook, listWebhooks } from "@/lib/integrations/webhooks/endpoints";
import { createdWebhookJsonSchema, createWebhookSchema, pageOf, webhookJsonSchema } from "@/lib/integrations/webhooks/schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  query: z.object(cursorQuery),
  doc: {
    tag: "Webhooks",
    summary: "My webhooks",
    description: "The caller's webhook endpoints, newest first, `limit` at a time: pass `nextCursor` as `cursor` for the next page. Never their secrets.",
    answers: [answer("A page of endpoints", pageOf(webhookJsonSchema, "WebhookPage"))],
  },
  handler: ({ user, query }) => listWebhooks(user.id, query),
});

export const POST = route({
  auth: "useApiKeys",
  scope: "webhooks:write",
  body: createWebhookSchema,
  maxBodyBytes: 8 * 1024,
  doc: {
    tag: "Webhooks",
    summary: "Add a webhook",
    description: `Deliveries of the chosen events on the caller's surveys go to \`url\`, signed with the secret in this answer (shown this once; \`whsec_…\`, Standard Webhooks). The URL must be \`https\` and its host must resolve to public addresses only: loopback, private, link-local and other internal addresses are refused now and at every delivery (docs/webhooks.md). An account has at most ${LIMITS["webhooks.account"].max} (429 past it).`,
    answers: [answer("Added: the endpoint and its secret, shown this once", createdWebhookJsonSchema, 201)],
    errors: [429],
  },
  handler: async ({ user, body }) => NextResponse.json(await createWebhook(user.id, body), { status: 201 }),
});
