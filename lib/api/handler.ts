import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { loadKeyOwner, resolveCaller, type CurrentUser } from "@/lib/auth/guards";
import { can, type Action } from "@/lib/auth/permissions";
import { lacksRequiredSecondFactor, secondFactorRequiredError } from "@/lib/auth/second-factor-gate";
import { getEnv } from "@/lib/env";
import { touchApiKey, verifyApiKey } from "@/lib/integrations/api-keys";
import { claimIdempotencyKey, idempotencyKeyOf, keepIdempotentAnswer, releaseIdempotencyKey, requestHash } from "@/lib/integrations/idempotency";
import { presentsApiKey } from "@/lib/integrations/key-format";
import { countKeyRequest, keyBudgetRefusal, setRateLimitHeaders, type KeyBudget } from "@/lib/integrations/rate-limit";
import type { ApiScope } from "@/lib/integrations/scopes";
import { log, markLogged, requestIdOf } from "@/lib/log";
import { ApiError, WWW_AUTHENTICATE, type ErrorIssue } from "./errors";
import { readBodyBytes, readFormData } from "./read-body";
import type { RouteDoc } from "./route-doc";

// "none": no caller is resolved and no Origin is checked, for requests that authenticate themselves
// (a webhook's signature) or need no one (health checks, a redirect). Otherwise an action of the
// permission table (`"createSurvey"`) rather than a list of roles, so that who may do what is written in
// that one table, which the pages, the API reference and the authorisation matrix read as well.
export type Access = "none" | "public" | "signed-in" | Action;
type Ctx<P> = { params: Promise<P> };
type Caller<A extends Access> = A extends "none" ? null : A extends "public" ? CurrentUser | null : CurrentUser;
/** The API key of an /api/v1 request (`scope`). */
export type PresentedApiKey = { id: string; scopes: ApiScope[] };

type Options<A extends Access, P extends z.ZodType, B extends z.ZodType, Q extends z.ZodType> = {
  auth: A;
  /**
   * The route in the API reference (lib/api/route-doc.ts): every route under app/api has one (a test
   * says so), or `null` when it is no operation (the catch-all's JSON 404 of unknown paths). Left
   * out by the few route() handlers outside /api (a page's redirect).
   */
  doc?: RouteDoc | null;
  /**
   * Only with the browser's session cookie: a Bearer API token is refused (403) right after the role
   * check, before the body is read (changing the password, deleting the account).
   */
  cookieOnly?: boolean;
  /**
   * An /api/v1 route (docs/integrations.md): its caller presents an API key (`Authorization: Bearer
   * opx_…`) that holds this scope, and acts as the key's owner, whose role `auth` is still asked of.
   * No cookie or API token counts here, and no key anywhere else. Every answer, errors included,
   * carries the key's rate-limit fields once the key is known.
   */
  scope?: A extends "none" | "public" ? never : ApiScope;
  /**
   * With `scope`, on a POST: a request sent with `Idempotency-Key` is done once; the same key and
   * request answer the first answer again (lib/integrations/idempotency.ts).
   */
  idempotent?: boolean;
  params?: P;
  query?: Q;
  /** A JSON body, checked by this schema. */
  body?: B;
  /** Body size limit in bytes for JSON bodies. */
  maxBodyBytes?: number;
  /**
   * A multipart form read within `maxBytes` (`tooLarge` is the refusal). Its text fields are checked
   * by `fields` as a JSON body would be (the same 400 answer) and handed on as `body`.
   */
  form?: { maxBytes: number; tooLarge?: () => ApiError; fields?: B };
  /** The body's exact bytes, unparsed: a webhook's signature covers them. */
  rawBody?: { maxBytes: number };
  handler: (input: {
    request: NextRequest;
    user: Caller<A>;
    params: z.infer<P>;
    body: z.infer<B>;
    query: z.infer<Q>;
    /** Set with the `form` option. */
    form: FormData;
    /** Set with the `rawBody` option. */
    rawBody: Buffer;
    /** Set with the `scope` option. */
    apiKey: PresentedApiKey;
  }) => Promise<unknown> | unknown;
};

/**
 * What a handler made by `route` checks, and its description, kept on it as `spec`: the API reference
 * (lib/api/openapi/) and the authorisation matrix read who may call it and its schemas from here.
 */
export type RouteSpec = Pick<Options<Access, z.ZodType, z.ZodType, z.ZodType>, "auth" | "doc" | "cookieOnly" | "params" | "query" | "body" | "form" | "rawBody" | "idempotent"> & {
  scope?: ApiScope;
};
export type RouteHandler = ((request: NextRequest, ctx: Ctx<unknown>) => Promise<NextResponse>) & { spec: RouteSpec };

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function jsonError(error: ApiError, requestId?: string): NextResponse {
  const body: { error: { code: string; message: string; issues?: ErrorIssue[]; requestId?: string } } = {
    error: { code: error.code, message: error.message },
  };
  if (error.issues) body.error.issues = error.issues;
  // The id of the server's log line for this request, for a support request or a bug report.
  if (requestId) body.error.requestId = requestId;
  const response = NextResponse.json(body, { status: error.status });
  if (error.status === 401) response.headers.set("WWW-Authenticate", WWW_AUTHENTICATE);
  if (error.retryAfterSeconds !== undefined) response.headers.set("Retry-After", String(error.retryAfterSeconds));
  return response;
}

function issuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw new ApiError(where === "params" ? "not_found" : "bad_request", issues[0]?.message ?? `Invalid ${where}`, issues);
  }
  return result.data;
}

/**
 * For a body whose schema depends on what the handler reads first (a survey's current deadline):
 * the same 400 answer as the wrapper's own body check.
 */
export const parseBody = <T extends z.ZodType>(schema: T, value: unknown): z.infer<T> => parse(schema, value, "body");

/** A cookie-authenticated write must come from our own origin (CSRF); Bearer callers are exempt. */
function checkOrigin(request: NextRequest) {
  if (!MUTATING.has(request.method) || request.headers.get("authorization")) return;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin) {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== host) throw new ApiError("forbidden", "Cross-site requests are not allowed");
  } else if (site && site !== "same-origin" && site !== "none") {
    throw new ApiError("forbidden", "Cross-site requests are not allowed");
  }
}

export const cookieRequired = () =>
  new ApiError("forbidden", "This needs your signed-in browser session: an API token cannot do it. Use the account page.");

const tooLarge = () => new ApiError("payload_too_large", "The request body is too large");

/** `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJsonContentType(type: string | null): boolean {
  return type !== null && type.split(";")[0].trim().toLowerCase() === "application/json";
}

const notJson = () => new ApiError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json)");

/**
 * The shared JSON body reader. A body must say it is JSON: a cross-site HTML form can post
 * `text/plain` (or urlencoded, or multipart) without a CORS preflight, but never `application/json`.
 * A request without a body and without a Content-Type is an empty object.
 */
async function readJson(request: NextRequest, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type");
  if (type !== null && !isJsonContentType(type)) throw notJson();
  const text = (await readBodyBytes(request, maxBytes, tooLarge)).toString("utf8");
  if (text.trim() === "") return {};
  if (type === null) throw notJson();
  try {
    // PostgreSQL text cannot hold NUL: refuse it here, for every body, rather than fail on write.
    return JSON.parse(text, (_key, value: unknown) => {
      if (typeof value === "string" && value.includes("\0")) throw new ApiError("bad_request", "Text cannot contain NUL characters");
      return value;
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError("bad_request", "The request body is not valid JSON");
  }
}

/** A form's text fields, each the first value given for its name (as `FormData.get` reads it). */
function textFields(form: FormData): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of form.entries()) if (!(name in fields)) fields[name] = typeof value === "string" ? value : undefined;
  return fields;
}

export function withCors(request: NextRequest, response: NextResponse): NextResponse {
  const origin = request.headers.get("origin");
  if (origin && getEnv().CORS_ORIGINS.includes(origin)) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    response.headers.set("Access-Control-Allow-Headers", "Authorization, Content-Type");
    response.headers.set("Access-Control-Allow-Methods", "GET, POST, PUT, OPTIONS");
    response.headers.append("Vary", "Origin");
  }
  return response;
}

/** The signed-in caller of a request (cookie or Bearer); a cookie-authenticated write must be same-origin. */
async function callerOf(request: NextRequest): Promise<CurrentUser | null> {
  checkOrigin(request);
  return resolveCaller(request.headers, request.cookies.getAll().map((c) => c.name));
}

const noKey = () =>
  new ApiError("unauthorized", "Send an API key of yours: Authorization: Bearer opx_… (make one on your account page)");

/**
 * The caller of an /api/v1 route: the owner of the API key presented, with their role from the
 * database. `counted` hears the key's budget as soon as the request is counted, so the refusals that
 * follow (429, 403) carry the rate-limit fields too. The route's scope is checked by the caller.
 */
async function keyCallerOf(request: NextRequest, counted: (budget: KeyBudget) => void): Promise<{ user: CurrentUser; apiKey: PresentedApiKey }> {
  const authorization = request.headers.get("authorization");
  const presented = presentsApiKey(authorization) ? /^bearer\s+(\S+)$/i.exec(authorization!.trim())?.[1] : undefined;
  const key = presented ? await verifyApiKey(presented) : null;
  if (!key) throw noKey();
  const budget = await countKeyRequest(key.id);
  counted(budget);
  if (budget.over) throw keyBudgetRefusal(budget);
  // A suspended or deleted owner is no one (a suspension revokes the keys as well).
  const user = await loadKeyOwner(key.userId);
  if (!user) throw noKey();
  if (key.stale) await touchApiKey(key.id);
  return { user, apiKey: { id: key.id, scopes: key.scopes } };
}

/** A key presented anywhere but /api/v1 names no one (lib/auth/guards.ts): say why. */
const keyOutsideV1 = () => new ApiError("unauthorized", "An API key (opx_…) works only with the /api/v1 calls. Sign in to do this.");

/**
 * With `idempotent`: the answer of a request sent before under the same `Idempotency-Key`, or null
 * once this request has claimed the key (or sent none); `claimed` hears the key it claimed.
 */
async function replayOf(request: NextRequest, user: CurrentUser, json: unknown, claimed: (key: string) => void): Promise<NextResponse | null> {
  const key = idempotencyKeyOf(request.headers);
  if (key === null) return null;
  const claim = await claimIdempotencyKey(user.id, key, requestHash(request.method, request.nextUrl.pathname, json));
  if (claim.kind === "claimed") {
    claimed(key);
    return null;
  }
  const response = NextResponse.json(claim.body, { status: claim.status });
  response.headers.set("Idempotent-Replayed", "true");
  return response;
}

/**
 * Keeps a claimed key's answer when the request did its work (2xx). A refusal (4xx) or a failure on our
 * side (5xx) did nothing (each operation is one transaction), so the key is given back: the client may
 * send the request again, corrected or not, under it.
 */
async function settleIdempotencyKey(userId: string, key: string, response: NextResponse): Promise<void> {
  if (response.status >= 400) return releaseIdempotencyKey(userId, key);
  let body: unknown = {};
  try {
    body = await response.clone().json();
  } catch {
    body = {};
  }
  await keepIdempotentAnswer(userId, key, response.status, body);
}

/**
 * The one wrapper every route handler uses: resolves the caller, checks the role, validates params,
 * query and body with zod, and maps errors to JSON. Unexpected errors are logged and answered 500
 * without details.
 */
export function route<
  A extends Access,
  P extends z.ZodType = z.ZodAny,
  B extends z.ZodType = z.ZodAny,
  Q extends z.ZodType = z.ZodAny,
>(options: Options<A, P, B, Q>): RouteHandler {
  const spec: RouteSpec = {
    auth: options.auth,
    doc: options.doc,
    cookieOnly: options.cookieOnly,
    scope: options.scope,
    idempotent: options.idempotent,
    params: options.params,
    query: options.query,
    body: options.body,
    form: options.form,
    rawBody: options.rawBody,
  };
  const handle = async (request: NextRequest, ctx: Ctx<unknown>): Promise<NextResponse> => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers);
    let userId: string | undefined;
    let failure: unknown;
    let response: NextResponse;
    let budget: KeyBudget | undefined;
    let idempotencyKey: string | undefined;
    try {
      let user: CurrentUser | null;
      let apiKey: PresentedApiKey | undefined;
      if (options.scope) {
        ({ user, apiKey } = await keyCallerOf(request, (counted) => (budget = counted)));
      } else {
        user = options.auth === "none" ? null : await callerOf(request);
      }
      userId = user?.id;
      if (options.scope && !apiKey!.scopes.includes(options.scope)) {
        throw new ApiError("forbidden", `This API key does not have the scope this call needs: ${options.scope}`);
      }
      if (options.auth !== "public" && options.auth !== "none") {
        if (!user && presentsApiKey(request.headers.get("authorization"))) throw keyOutsideV1();
        if (!user) throw new ApiError("unauthorized", "Please sign in first");
        if (options.auth !== "signed-in" && !can(user.role, options.auth)) throw new ApiError("forbidden", "Your role does not allow this");
        if (options.auth !== "signed-in" && lacksRequiredSecondFactor(user, options.auth)) throw secondFactorRequiredError();
        if (options.cookieOnly && request.headers.has("authorization")) throw cookieRequired();
      }
      const params = options.params ? parse(options.params, await ctx.params, "params") : undefined;
      const query = options.query
        ? parse(options.query, Object.fromEntries(request.nextUrl.searchParams), "query")
        : undefined;
      let body: unknown;
      let form: FormData | undefined;
      let rawBody: Buffer | undefined;
      let json: unknown;
      if (options.body) {
        json = await readJson(request, options.maxBodyBytes ?? 64 * 1024);
        body = parse(options.body, json, "body");
      }
      if (options.form) {
        form = await readFormData(request, options.form.maxBytes, options.form.tooLarge ?? tooLarge);
        if (options.form.fields) body = parse(options.form.fields, textFields(form), "body");
      }
      if (options.rawBody) rawBody = await readBodyBytes(request, options.rawBody.maxBytes, tooLarge);
      const replay = options.idempotent && user ? await replayOf(request, user, json, (key) => (idempotencyKey = key)) : null;
      const result = replay ?? await options.handler({
        request,
        user: user as Caller<A>,
        params: params as z.infer<P>,
        body: body as z.infer<B>,
        query: query as z.infer<Q>,
        form: form as FormData,
        rawBody: rawBody as Buffer,
        apiKey: apiKey as PresentedApiKey,
      });
      response = result instanceof NextResponse ? result : NextResponse.json(result ?? {});
    } catch (error) {
      if (error instanceof ApiError) response = jsonError(error, requestId);
      else {
        failure = error;
        response = jsonError(new ApiError("internal", "Something went wrong on our side"), requestId);
      }
    }
    if (idempotencyKey && userId) {
      try {
        await settleIdempotencyKey(userId, idempotencyKey, response);
      } catch (error) {
        // The answer stands; the key stays claimed until it counts as abandoned (minutes), then frees.
        log("error", "idempotency key not settled", { requestId, error: error instanceof Error ? error.message : String(error) });
      }
    }
    if (budget) setRateLimitHeaders(response.headers, budget);
    if (response.status >= 400) {
      // One line per failed or refused request: no body, headers, cookies or tokens.
      markLogged(requestId);
      log(response.status >= 500 ? "error" : "warn", "request failed", {
        requestId,
        method: request.method,
        path: request.nextUrl.pathname,
        status: response.status,
        durationMs: Math.round(performance.now() - started),
        userId,
        client: request.headers.get("x-forwarded-for") ?? undefined,
        ...(failure !== undefined && {
          error: failure instanceof Error ? failure.message : String(failure),
          stack: failure instanceof Error ? failure.stack : undefined,
        }),
      });
    }
    response.headers.set("X-Request-Id", requestId);
    // A caller's answer is theirs alone (a handler may say more, as long as it says no-store);
    // "none" and "public" handlers set their own caching.
    if (options.auth !== "public" && options.auth !== "none" && !/\bno-store\b/.test(response.headers.get("Cache-Control") ?? "")) {
      response.headers.set("Cache-Control", "no-store");
    }
    return withCors(request, response);
  };
  return Object.assign(handle, { spec });
}

/**
 * One handler served at a second path under its own description (the original client's second name
 * for a call): the same checks and answers, another entry in the API reference.
 */
export function describedAs(handler: RouteHandler, doc: RouteDoc): RouteHandler {
  return Object.assign((request: NextRequest, ctx: Ctx<unknown>) => handler(request, ctx), { spec: { ...handler.spec, doc } });
}

/** Answers CORS preflight for allowed origins. */
export function preflight(request: NextRequest): NextResponse {
  return withCors(request, new NextResponse(null, { status: 204 }));
}
