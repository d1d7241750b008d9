// What a route says about itself for the API reference, beside its `route({ ... })` call: the prose,
// its answers and the statuses its handler or services add. Who may call it, its path parameters,
// query and body are not here: the reference reads them from what the wrapper checks (`spec`), so
// they cannot be stated twice and disagree. lib/api/openapi/ turns the two into the OpenAPI document.
import type { ZodType } from "zod";

/** The reference's sections, in the order it shows them. */
export const TAGS = [
  { name: "Surveys", description: "Published surveys, for everyone." },
  { name: "Voting", description: "Votes and reports, and a voter's own lists." },
  { name: "Surveyor", description: "A surveyor's own surveys, their voters and the admins' feedback." },
  {
    name: "Webhooks",
    description:
      "`/api/v1` with an API key holding `webhooks:write`: where the caller's own tools hear of events on the caller's surveys, signed per Standard Webhooks. The events and their payloads are under `webhooks` (docs/webhooks.md).",
  },
  { name: "Admin", description: "Accounts, moderation, payments and messages." },
  { name: "Account", description: "Signing up, pictures, and API tokens." },
  {
    name: "API v1",
    description:
      "Your own tools, with an API key of yours (`Authorization: Bearer opx_…`, made on the account page): your surveys, their results and voters. No cookie or token works here, and a key works nowhere else. Each call needs one scope of the key (`x-scope`); every answer carries the key's `RateLimit-Policy` and `RateLimit` (429 with `Retry-After` past its budget); lists page with `cursor` and `limit` (`{ data, nextCursor }`); POSTs take `Idempotency-Key`. Versioned: a breaking change comes under a new prefix, and these calls stay as they are (docs/integrations.md).",
  },
  { name: "Payments", description: "The Extended plan ($16, Stripe)." },
  { name: "Contact", description: "The contact form." },
  { name: "Operations", description: "Health checks, metrics and this document." },
  { name: "Auth.js", description: "Browser sign-in (Auth.js). API clients sign in in a browser, then use a token from `POST /api/jwt`." },
  { name: "CORS preflight", description: "Paths that answer a cross-origin browser's preflight." },
] as const;

export type Tag = (typeof TAGS)[number]["name"];

/** One answer besides the errors: its status, and its body as JSON (a zod schema) or another media type. */
export type Answer = {
  status: number;
  description: string;
  json?: ZodType;
  /** A body that is not JSON: each media type it may come as, with a JSON Schema of it. */
  media?: { type: string; schema: Record<string, unknown> }[];
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
};

export type RouteDoc = {
  tag: Tag;
  summary: string;
  description?: string;
  /** What else the route checks of the caller, for people ("own email only; admins: any"). */
  who?: string;
  /** The handler itself refuses a bearer token (403); `route({ cookieOnly })` says so without this. */
  sessionOnly?: true;
  /** A credential other than a session (the metrics token, Stripe's signature). */
  credential?: "metricsToken" | "stripeSignature";
  /**
   * The JSON body as the handler checks it, for a route that takes `z.unknown()` because its schema
   * depends on what the handler reads first (today's date, the survey's own deadline).
   */
  body?: ZodType;
  /** A multipart form's file fields (`route({ form })`): name and description. */
  files?: Record<string, string>;
  /** What a `route({ rawBody })` is: its media type, a JSON Schema of it, and whether it may be left out. */
  raw?: { type: string; schema: Record<string, unknown>; optional?: true };
  answers: Answer[];
  /** Error statuses the handler or its services answer, besides those the wrapper's checks give. */
  errors?: number[];
};

/** An answer with a JSON body. */
export const answer = (description: string, json: ZodType, status = 200): Answer => ({ status, description, json });

/** The header of a paged admin list. */
export const TOTAL_COUNT = { "X-Total-Count": { description: "How many rows there are in all pages", schema: { type: "integer", minimum: 0 } } };
