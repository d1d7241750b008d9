import { z } from "@/lib/validation/zod";

// What a webhook is, as the routes check it and the API reference shows it (docs/webhooks.md): the
// events a surveyor may subscribe to, the body that adds an endpoint, and the payload of each event.
// No server imports: the policy that needs the configuration (https only, internal hosts) is in
// ./address.ts, applied by the service.

/** Every event a webhook can carry, about the endpoint owner's own surveys. */
export const WEBHOOK_EVENTS = ["survey.published", "survey.unpublished", "survey.closed", "vote.created", "survey.reported"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A URL longer than this is refused (no receiver needs one, and it is stored and shown in lists). */
export const WEBHOOK_URL_MAX = 2000;
/** The `whsec_` secret's random bytes (Standard Webhooks allows 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

const EVENT_TEXT: Record<WebhookEvent, string> = {
  "survey.published": "An admin published one of your surveys.",
  "survey.unpublished": "An admin unpublished one of your surveys, with their feedback; or you withdrew one yourself (POST /api/v1/surveys/{id}/unpublish), with no feedback.",
  "survey.closed": "One of your surveys reached its deadline: its final results.",
  "vote.created": "Someone voted on one of your surveys: the new totals, at most one delivery per survey every few seconds. Never who voted.",
  "survey.reported": "Someone reported one of your surveys: how many reports it has. Never who reported it.",
};
export const webhookEventText = (event: WebhookEvent) => EVENT_TEXT[event];

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: `events must be some of ${WEBHOOK_EVENTS.join(", ")}` });

/** A well-formed absolute http(s) URL; whether its scheme and host are allowed is the service's check. */
export const webhookUrlSchema = z
  .string({ error: "url is required" })
  .trim()
  .min(1, "url is required")
  .max(WEBHOOK_URL_MAX, `url can be at most ${WEBHOOK_URL_MAX} characters`)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "url must be an absolute https:// URL")
  .meta({ description: "Where deliveries are sent: an `https://` URL whose host resolves to public addresses only", example: "https://tools.example.com/opinex" });

export const createWebhookSchema = z.strictObject({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventSchema, { error: "events must be a list of event names" })
    .min(1, "Choose at least one event")
    .max(WEBHOOK_EVENTS.length, `events can name at most ${WEBHOOK_EVENTS.length} events`)
    .meta({ description: "The events this endpoint receives" }),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

export const updateWebhookSchema = z.strictObject({
  enabled: z.literal(true, { error: "enabled can only be set to true (delete the webhook to stop it for good)" }).meta({
    description: "`true` turns back on an endpoint turned off after repeated failed deliveries (its failure count starts again)",
  }),
});

export const webhookIdParams = z.object({ id: z.uuid("No such webhook") });
export const deliveryParams = z.object({ id: z.uuid("No such webhook"), deliveryId: z.uuid("No such delivery") });

// ---- what the API answers

export const webhookJsonSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    events: z.array(webhookEventSchema),
    enabled: z.boolean().meta({ description: "False once turned off after repeated failed deliveries" }),
    disabledAt: z.iso.datetime().nullable(),
    consecutiveFailures: z.int().min(0).meta({ description: "Deliveries given up in a row since the last success" }),
    previousSecretExpiresAt: z.iso.datetime().nullable().meta({ description: "Until when the secret before the last rotation also signs" }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "Webhook" });

const secretField = z.string().regex(/^whsec_[A-Za-z0-9+/]+=*$/).meta({ description: "The signing secret, `whsec_` and base64: shown only now" });

export const createdWebhookJsonSchema = webhookJsonSchema.extend({ secret: secretField }).meta({ id: "CreatedWebhook" });
export const rotatedSecretJsonSchema = z
  .object({
    secret: secretField,
    previousSecretExpiresAt: z.iso.datetime().meta({ description: "Until when the previous secret also signs (24 hours)" }),
  })
  .meta({ id: "RotatedWebhookSecret" });

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const deliveryJsonSchema = z
  .object({
    id: z.uuid(),
    webhookId: z.string().meta({ description: "The `webhook-id` header of every attempt (and of a redelivery)" }),
    event: webhookEventSchema,
    surveyId: z.uuid().nullable(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.int().min(0),
    nextAttemptAt: z.iso.datetime().nullable().meta({ description: "When a pending delivery is tried next" }),
    lastAttemptAt: z.iso.datetime().nullable(),
    lastStatus: z.int().nullable().meta({ description: "The HTTP status the receiver last answered, if it answered" }),
    lastError: z.string().nullable().meta({ description: "Why the last attempt failed, with the start of the receiver's answer" }),
    deliveredAt: z.iso.datetime().nullable(),
    failedAt: z.iso.datetime().nullable().meta({ description: "When it was given up" }),
    createdAt: z.iso.datetime(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The body sent (its `data` as described for each event)" }),
  })
  .meta({ id: "WebhookDelivery" });

export const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last" }) }).meta({ id });

// ---- the payloads (POST to the endpoint)

const surveyShape = z
  .object({
    id: z.uuid(),
    title: z.string(),
    question: z.string(),
    deadline: z.iso.date().meta({ description: "The last day votes are taken, in the site's time zone" }),
    status: z.enum(["publish", "unpublish"]),
    url: z.url().meta({ description: "The survey's public page" }),
  })
  .meta({ id: "WebhookSurvey" });

const totals = z.object({ yes: z.int().min(0), no: z.int().min(0), total: z.int().min(0) });

/** Each event's `data`. */
export const WEBHOOK_DATA = {
  "survey.published": z.object({ survey: surveyShape }),
  "survey.unpublished": z.object({ survey: surveyShape, feedback: z.string().meta({ description: "The admin's feedback, as the surveyor's Feedbacks page shows it; empty when the owner withdrew the survey" }) }),
  "survey.closed": z.object({ survey: surveyShape, results: totals.meta({ description: "The final counts" }) }),
  "vote.created": z.object({ survey: surveyShape, totals: totals.meta({ description: "The counts when the delivery was first sent (the latest of the batch)" }) }),
  "survey.reported": z.object({ survey: surveyShape, reports: z.int().min(1).meta({ description: "How many people have reported the survey" }) }),
} satisfies Record<WebhookEvent, z.ZodType>;

export type SurveySummary = z.infer<typeof surveyShape>;
export type WebhookData = { [E in WebhookEvent]: z.infer<(typeof WEBHOOK_DATA)[E]> };

const pascal = (event: WebhookEvent) => event.replace(/(^|[._])(\w)/g, (_m, _sep, c: string) => c.toUpperCase());

/** The body of each event's delivery: Standard Webhooks' `{ type, timestamp, data }`. */
export const WEBHOOK_PAYLOADS = Object.fromEntries(
  WEBHOOK_EVENTS.map((event) => [
    event,
    z
      .object({
        type: z.literal(event),
        timestamp: z.iso.datetime().meta({ description: "When the event happened (for `vote.created`: when its totals were read)" }),
        data: WEBHOOK_DATA[event],
      })
      .meta({ id: `${pascal(event)}Event` }),
  ]),
) as unknown as Record<WebhookEvent, z.ZodType>;

export type WebhookPayload<E extends WebhookEvent = WebhookEvent> = { type: E; timestamp: string; data: WebhookData[E] };
