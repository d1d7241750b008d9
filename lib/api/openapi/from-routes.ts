// The operations of the API reference, read from the routes themselves: each method a route module
// exports, with what its `route()` checks (`spec`: access, params, query, body) and what it says of
// itself (`spec.doc`). The modules come from app/api/routes.generated.ts, handed in by the document's
// route: lib/ never imports app/.
import type { ZodType } from "zod";
import type { Access, RouteSpec } from "@/lib/api/handler";
import type { Answer, Tag } from "@/lib/api/route-doc";
import type { ApiScope } from "@/lib/integrations/scopes";
import { z } from "@/lib/validation/zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type Operation = {
  method: Method;
  /** The OpenAPI path: a route folder `[id]` is `{id}`. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  auth: Access;
  who?: string;
  /** Only a session cookie is accepted, a bearer token is refused (403). */
  sessionOnly?: boolean;
  credential?: "metricsToken" | "stripeSignature";
  /** An /api/v1 call: the API key's scope it needs (`route({ scope })`); no session or token counts. */
  scope?: ApiScope;
  /** A POST that honours `Idempotency-Key`. */
  idempotent?: true;
  params?: ZodType;
  query?: ZodType;
  /** A JSON body, a multipart form, an HTML form (Auth.js) or unparsed bytes. */
  body?: { json: ZodType } | { multipart: ZodType } | { urlencoded: ZodType } | { raw: string; schema: Record<string, unknown>; optional?: true };
  answers: Answer[];
  errors?: number[];
  /** Not built with `route()` (Auth.js, the document itself): no wrapper checks, no wrapper errors. */
  outsideWrapper?: true;
  /** The path also answers a CORS preflight (OPTIONS). */
  preflight?: true;
};

/** A route file as the generated index lists it. */
export type RouteModule = { file: string; path: string; module: Readonly<Record<string, unknown>> };

/** A module's export if it is a handler made by `route()`. */
export function specOf(handler: unknown): RouteSpec | undefined {
  return typeof handler === "function" && "spec" in handler ? (handler as { spec: RouteSpec }).spec : undefined;
}

function bodyOf(spec: RouteSpec): Operation["body"] {
  const doc = spec.doc!;
  if (spec.rawBody) return doc.raw && { raw: doc.raw.type, schema: doc.raw.schema, ...(doc.raw.optional && { optional: true as const }) };
  if (spec.form) {
    const fields = spec.form.fields instanceof z.ZodObject ? spec.form.fields : z.object({});
    const files = Object.fromEntries(Object.entries(doc.files ?? {}).map(([name, description]) => [name, z.file().meta({ description })]));
    return { multipart: fields.extend(files) };
  }
  if (spec.body) return { json: doc.body ?? spec.body };
  return undefined;
}

/** The operation of one method of a route: its description, and its checks as the wrapper makes them. */
export function operationOf(method: Method, path: string, spec: RouteSpec, preflight: boolean): Operation {
  const doc = spec.doc!;
  const sessionOnly = spec.cookieOnly || doc.sessionOnly;
  const body = bodyOf(spec);
  return {
    method,
    path,
    tag: doc.tag,
    summary: doc.summary,
    ...(doc.description && { description: doc.description }),
    auth: spec.auth,
    ...(doc.who && { who: doc.who }),
    ...(sessionOnly && { sessionOnly: true }),
    ...(doc.credential && { credential: doc.credential }),
    ...(spec.scope && { scope: spec.scope }),
    ...(spec.idempotent && { idempotent: true as const }),
    ...(spec.params && { params: spec.params }),
    ...(spec.query && { query: spec.query }),
    ...(body && { body }),
    answers: doc.answers,
    ...(doc.errors && { errors: doc.errors }),
    ...(preflight && { preflight: true }),
  };
}

/** Every documented operation of the route modules; a route with `doc: null` is none. */
export function operationsOf(routes: readonly RouteModule[]): Operation[] {
  return routes.flatMap(({ path, module }) =>
    METHODS.flatMap((method) => {
      const spec = specOf(module[method]);
      return spec?.doc ? [operationOf(method, path, spec, typeof module.OPTIONS === "function")] : [];
    }),
  );
}
