// The OpenAPI 3.1 document of /api, built from the routes' own declarations (./from-routes.ts) and the
// few operations described by hand (./operations.ts) with zod-openapi (which renders the zod schemas
// through zod's own JSON Schema conversion: request schemas as the input a client sends, answers as the
// output it gets). Served at GET /api/openapi.json, rendered once per build, and read by the reference
// page at /docs/api.
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiRequestBodyObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import packageJson from "@/package.json";
import { errorBodySchema } from "@/lib/api/contract";
import { ERROR_STATUS, WWW_AUTHENTICATE, type ErrorCode } from "@/lib/api/errors";
import type { Access } from "@/lib/api/handler";
import { TAGS } from "@/lib/api/route-doc";
import { rolesFor, type Action } from "@/lib/auth/permissions";
import { altchaField } from "@/lib/validation/altcha";
import { z } from "@/lib/validation/zod";
import { ROLES } from "@/models/enums";
import { WEBHOOKS } from "@/lib/integrations/webhooks/openapi";
import { operationsOf, type Operation, type RouteModule } from "./from-routes";
import { OPERATIONS_BY_HAND } from "./operations";

/** The session cookie's name over plain HTTP; over HTTPS Auth.js names it `__Secure-authjs.session-token`. */
const SESSION_COOKIE = "authjs.session-token";

const SECURITY_SCHEMES = {
  sessionCookie: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description:
      "The browser's Auth.js session, set by signing in (`__Secure-authjs.session-token` over HTTPS). A write authenticated by this cookie must come from the site's own origin (403 otherwise).",
  },
  bearerToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A token from `POST /api/jwt`: one hour, for the signed-in person only; signing out ends it. Exempt from the same-origin check.",
  },
  apiKey: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "opx_…",
    description:
      "An API key (`opx_…`) made on the account page, for the /api/v1 calls only: it acts as its owner with no more than its scopes (each call names the one it needs). Revoked by its owner, a password change or reset, or a suspension.",
  },
  metricsToken: { type: "http", scheme: "bearer", description: "The server's `METRICS_TOKEN`, for a Prometheus scraper." },
  stripeSignature: { type: "apiKey", in: "header", name: "Stripe-Signature", description: "Stripe's signature of the raw body, with the webhook's secret." },
} as const;

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: { name: "BadRequest", description: "The query, body or form is invalid: `issues` names each field." },
  401: { name: "Unauthorized", description: "No one is signed in, or the token is invalid, expired or revoked." },
  403: {
    name: "Forbidden",
    description:
      "The caller's role may not do this, the request names someone else, or a cookie-authenticated write came from another site. `second_factor_required`: the caller's role needs a second factor they have not set up; `recent_second_factor_required`: this action needs a second factor proved in the last 10 minutes.",
  },
  404: { name: "NotFound", description: "No such resource, or not one this caller may see (an id that cannot be one is 404 too)." },
  409: { name: "Conflict", description: "The current state refuses it: already done, or it would leave the site without what it needs." },
  413: { name: "PayloadTooLarge", description: "The body is larger than this call accepts." },
  415: { name: "UnsupportedMediaType", description: "The body is not of the media type this call takes (`application/json`, or `multipart/form-data` for forms)." },
  422: { name: "Unprocessable", description: "Well formed, but refused: the message says why." },
  429: { name: "TooManyRequests", description: "Too many requests of this kind: try again later." },
  501: { name: "NotImplemented", description: "A variant of this call the site does not offer." },
  503: { name: "ServiceUnavailable", description: "A service this call needs is not available right now: try again later." },
};

const codesOf = (status: number) => (Object.entries(ERROR_STATUS) as [ErrorCode, number][]).filter(([, s]) => s === status).map(([code]) => code);

/** Every 401 says how to authenticate (RFC 9110 §11.6.1). */
const CHALLENGE_HEADERS = {
  "WWW-Authenticate": { description: `\`${WWW_AUTHENTICATE}\``, schema: { type: "string" as const } },
};

/** One response component per error status, its `code` narrowed to that status's codes. */
const errorResponses = Object.fromEntries(
  Object.entries(ERROR_RESPONSES).map(([status, { name, description }]) => [
    status,
    {
      id: name,
      description,
      ...(status === "401" && { headers: CHALLENGE_HEADERS }),
      content: { "application/json": { schema: errorBodySchema(codesOf(Number(status))) } },
    } satisfies ZodOpenApiResponseObject,
  ]),
) as Record<number, ZodOpenApiResponseObject>;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** An access that names an action of the permission table: only its roles may call. */
const actionOf = (auth: Access): Action | null => (auth === "none" || auth === "public" || auth === "signed-in" ? null : auth);

/** The roles a sign-in must have, or null when no sign-in is needed. */
export function rolesOf(auth: Access): readonly string[] | null {
  if (auth === "none" || auth === "public") return null;
  const action = actionOf(auth);
  return action ? rolesFor(action) : ROLES;
}

/** The error statuses an operation answers: those of the wrapper's checks it goes through, and its own. */
export function errorStatuses(op: Operation): number[] {
  const statuses = new Set(op.errors);
  // An API key's: unknown or revoked (401), without the scope (403), past its budget (429); the
  // Idempotency-Key's: 400 when it cannot be one, 409 still in flight, 422 used for another request.
  if (op.scope) [401, 403, 429].forEach((s) => statuses.add(s));
  if (op.idempotent) [400, 409, 422].forEach((s) => statuses.add(s));
  if (!op.outsideWrapper) {
    const signedIn = op.auth !== "none" && op.auth !== "public";
    if (signedIn) statuses.add(401);
    if (actionOf(op.auth) || op.who || op.sessionOnly || (op.auth !== "none" && WRITES.has(op.method))) statuses.add(403);
    if (op.params) statuses.add(404);
    if (op.query) statuses.add(400);
    if (op.body && ("json" in op.body || "multipart" in op.body)) [400, 413, 415].forEach((s) => statuses.add(s));
    if (op.body && "raw" in op.body) statuses.add(413);
  }
  return [...statuses].sort();
}

/** Who may call, for people; `x-roles` lists the roles when a sign-in is needed. */
function access(op: Operation): { who: string; roles?: string[] } {
  const own = op.who ? ` (${op.who})` : "";
  if (op.credential === "metricsToken") return { who: "a scraper holding the metrics token" };
  if (op.credential === "stripeSignature") return { who: "Stripe" };
  const allowed = rolesOf(op.auth);
  if (!allowed) return { who: `anyone${own}` };
  const roles = [...allowed];
  if (op.scope) return { who: `an API key with the scope \`${op.scope}\`, of a ${roles.join(" or ")}${own}`, roles };
  const whom = op.auth === "signed-in" ? "anyone signed in" : roles.join(", ");
  return { who: `${whom}${op.sessionOnly ? ", by session cookie only" : ""}${own}`, roles };
}

function security(op: Operation): Record<string, string[]>[] {
  if (op.credential) return [{ [op.credential]: [] }];
  if (op.scope) return [{ apiKey: [op.scope] }];
  if (op.auth === "none") return [];
  // `{}`: no credential at all is fine too.
  if (op.auth === "public") return [{}, { sessionCookie: [] }, { bearerToken: [] }];
  return op.sessionOnly ? [{ sessionCookie: [] }] : [{ sessionCookie: [] }, { bearerToken: [] }];
}

/**
 * The proof-of-work is optional in the routes' schemas only so that a missing one is answered with its
 * own code (400 `altcha_required`): to a client it is required, and the document says so.
 */
const requiredAltcha = altchaField.unwrap().meta(altchaField.meta() ?? {});
function asDocumented(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject && schema.shape.altcha === altchaField) return schema.extend({ altcha: requiredAltcha });
  return schema;
}

function requestBody(op: Operation): ZodOpenApiRequestBodyObject | undefined {
  const body = op.body;
  if (!body) return undefined;
  if ("raw" in body) return { required: !body.optional, content: { [body.raw]: { schema: body.schema } } };
  const [type, given] =
    "json" in body
      ? ["application/json", body.json]
      : "multipart" in body
        ? ["multipart/form-data", body.multipart]
        : ["application/x-www-form-urlencoded", body.urlencoded];
  const schema = asDocumented(given);
  // A body whose every field is optional may be left out (an empty body reads as `{}`).
  return { required: !schema.safeParse({}).success, content: { [type]: { schema } } };
}

/** What every answer of an /api/v1 call carries once its key is known (draft-ietf-httpapi-ratelimit-headers). */
const RATE_LIMIT_HEADERS = {
  "RateLimit-Policy": { description: 'The key\'s budget: `"default";q=<requests>;w=<seconds>`', schema: { type: "string" as const } },
  RateLimit: { description: 'What is left of it: `"default";r=<remaining>;t=<seconds until the window resets>`', schema: { type: "string" as const } },
};
/** An /api/v1 call's 429: the key's budget is spent until its window resets. */
const KEY_BUDGET_SPENT: ZodOpenApiResponseObject = {
  id: "ApiKeyBudgetSpent",
  description: "This API key has spent its budget of requests for the window: try again after `Retry-After` seconds.",
  headers: { ...RATE_LIMIT_HEADERS, "Retry-After": { description: "Seconds until the key's window resets", schema: { type: "integer" } } },
  content: { "application/json": { schema: errorBodySchema(["too_many_requests"]) } },
};
const REPLAYED_HEADER = {
  "Idempotent-Replayed": { description: "`true` when this is the kept answer of an earlier request with the same `Idempotency-Key`", schema: { type: "string" as const } },
};

function responses(op: Operation): ZodOpenApiResponsesObject {
  const result: ZodOpenApiResponsesObject = {};
  const keyHeaders = op.scope ? { ...RATE_LIMIT_HEADERS, ...(op.idempotent && REPLAYED_HEADER) } : undefined;
  for (const answer of op.answers) {
    const headers = answer.headers || keyHeaders ? { ...keyHeaders, ...answer.headers } : undefined;
    result[String(answer.status) as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: answer.description,
      ...(answer.json && { content: { "application/json": { schema: answer.json } } }),
      ...(answer.media && { content: Object.fromEntries(answer.media.map((m) => [m.type, { schema: m.schema }])) }),
      ...(headers && { headers }),
    };
  }
  for (const status of errorStatuses(op)) {
    const key = String(status) as `${1 | 2 | 3 | 4 | 5}${string}`;
    if (result[key]) continue;
    // Past the key's budget: when to try again, and the fields themselves.
    result[key] = op.scope && status === 429 ? KEY_BUDGET_SPENT : errorResponses[status];
  }
  return result;
}

export const operationId = (method: string, path: string) =>
  `${method.toLowerCase()}_${path
    .replace(/^\/api\//, "")
    .replace(/[{}]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "_")}`;

/** The `Idempotency-Key` header of a POST that honours it. */
const IDEMPOTENCY_HEADER = z
  .string()
  .max(255)
  .optional()
  .meta({
    description:
      "Any unique string of yours (a UUID), up to 255 visible characters: the same key and request within 24 hours answer the first answer again (`Idempotent-Replayed: true`) and do nothing twice; the same key with another request is 422, while the first is still running 409. Only a successful answer is kept: after a refusal or a failure the key may be used again.",
  });

function operation(op: Operation): ZodOpenApiOperationObject {
  const { who, roles } = access(op);
  const header = op.idempotent ? z.object({ "Idempotency-Key": IDEMPOTENCY_HEADER }) : undefined;
  return {
    operationId: operationId(op.method, op.path),
    tags: [op.tag],
    summary: op.summary,
    description: `**Who may call:** ${who}.${op.description ? `\n\n${op.description}` : ""}`,
    security: security(op),
    ...(roles && { "x-roles": roles }),
    ...(op.scope && { "x-scope": op.scope }),
    ...((op.params || op.query || header) && {
      requestParams: { ...(op.params && { path: op.params }), ...(op.query && { query: op.query }), ...(header && { header }) } as ZodOpenApiOperationObject["requestParams"],
    }),
    requestBody: requestBody(op),
    responses: responses(op),
  };
}

function preflight({ path, params }: Operation): ZodOpenApiOperationObject {
  return {
    operationId: operationId("OPTIONS", path),
    tags: ["CORS preflight"],
    summary: "CORS preflight",
    description: "**Who may call:** anyone. A browser's preflight: answers 204, with `Access-Control-Allow-*` headers for an origin in the server's `CORS_ORIGINS`.",
    security: [],
    ...(params && { requestParams: { path: params } as ZodOpenApiOperationObject["requestParams"] }),
    responses: { "204": { description: "No content" } },
  };
}

const DESCRIPTION = `The REST API of OPINEX, the yes/no survey site. Generated from the same zod schemas the routes check
requests with, so it cannot drift from them.

- **Who is calling** comes from the session cookie or \`Authorization: Bearer <token>\` (a token from \`POST /api/jwt\`),
  never from the body: a body field naming someone else is refused with 403. Each operation says who may call it
  (\`x-roles\` lists the roles when a sign-in is needed).
- **Your own tools** use \`/api/v1\` with an API key (\`Authorization: Bearer opx_…\`), and only there: see "API v1".
- **Errors** are JSON \`{ "error": { "code", "message", "issues"?, "requestId" } }\`; \`requestId\` is also in the
  \`X-Request-Id\` header. A malformed request never gets a 5xx. An unknown \`/api\` path is a JSON 404; a method the
  path does not answer is a JSON 405 with \`Allow\`; every 401 carries \`WWW-Authenticate: ${WWW_AUTHENTICATE}\`.
- **Bodies**: JSON calls want \`Content-Type: application/json\` (415 otherwise), forms \`multipart/form-data\`;
  bodies are size-limited (413). Free text refuses control characters and text-direction overrides (400).
- **CSRF and CORS**: a write authenticated by the cookie must come from the site itself; bearer callers are exempt.
  Other origins may read only from the server's \`CORS_ORIGINS\`.`;

const METHOD_ORDER = ["GET", "PUT", "POST", "PATCH", "DELETE"];
const tagIndex = (op: Operation) => TAGS.findIndex((tag) => tag.name === op.tag);

/** Every operation, by section of the reference, then path, then method. */
export function allOperations(routes: readonly RouteModule[]): Operation[] {
  return [...operationsOf(routes), ...OPERATIONS_BY_HAND].sort(
    (a, b) => tagIndex(a) - tagIndex(b) || a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
}

/** The document, as served by GET /api/openapi.json, of the route modules of app/api/routes.generated.ts. */
export function buildOpenApiDocument(routes: readonly RouteModule[]) {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of allOperations(routes)) {
    const item = (paths[op.path] ??= {});
    item[op.method.toLowerCase() as "get"] = operation(op);
    if (op.preflight) item.options = preflight(op);
  }
  return createDocument({
    openapi: "3.1.0",
    info: { title: "OPINEX API", version: packageJson.version, description: DESCRIPTION },
    // Relative: the site that serves this document (its address is the deployment's, not the build's).
    servers: [{ url: "/", description: "This site, the one serving this document" }],
    tags: TAGS.map((tag) => ({ ...tag })),
    paths,
    // What the site sends to a surveyor's own endpoints (docs/webhooks.md).
    webhooks: WEBHOOKS,
    components: { securitySchemes: SECURITY_SCHEMES },
  });
}
