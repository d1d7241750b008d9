// The webhooks in the API reference: OpenAPI 3.1's top-level `webhooks`, one POST per event that the
// site sends to a surveyor's endpoint, with its signed headers and its payload (from ./schema.ts, the
// same zod the payload types come from). lib/api/openapi/document.ts puts it in the document.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "@/lib/validation/zod";
import { RETRY_TEXT } from "./retry-schedule";
import { WEBHOOK_EVENTS, WEBHOOK_PAYLOADS, webhookEventText } from "./schema";

const SIGNED_HEADERS = z.object({
  "webhook-id": z.string().meta({ description: "The message's id (`msg_…`): the same for every attempt and a redelivery, so a receiver can drop a repeat" }),
  "webhook-timestamp": z.string().regex(/^\d+$/).meta({ description: "When this attempt was sent, in seconds since 1970: refuse one more than 5 minutes away from your clock" }),
  "webhook-signature": z.string().meta({
    description:
      "`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` under the secret's bytes (the base64 after `whsec_`); two space-separated signatures for 24 hours after a rotation",
  }),
});

const HOW = `Signed per [Standard Webhooks](https://www.standardwebhooks.com): verify with any of its libraries (\`standardwebhooks\` on npm) and the endpoint's \`whsec_\` secret, over the raw body. ${RETRY_TEXT} docs/webhooks.md has a complete receiver.`;

export const WEBHOOKS: ZodOpenApiPathsObject = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [
    event,
    {
      post: {
        operationId: `webhook_${event.replace(/\W/g, "_")}`,
        tags: ["Webhooks"],
        summary: event,
        description: `${webhookEventText(event)}\n\n${HOW}`,
        requestParams: { header: SIGNED_HEADERS },
        requestBody: { required: true, content: { "application/json": { schema: WEBHOOK_PAYLOADS[event] } } },
        responses: {
          "2XX": { description: "Received. Answer within 10 seconds; the body is not read beyond 64 KB" },
          default: { description: "Any other answer, a redirect included (never followed), or none within 10 seconds: a failure, tried again" },
        },
      },
    },
  ]),
);
