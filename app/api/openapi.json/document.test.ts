// The API reference's document against the route files on disk and the OpenAPI 3.1 specification: a
// route file or method without an operation, an operation without its route, or a route that does not
// describe itself (`route({ doc })`) fails here. The routes come from the generated index, as the
// document's own route reads them (tests may import app/; lib/ may not).
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { API_ROUTES } from "@/app/api/routes.generated";
import { LEFT_OUT } from "@/scripts/routes-index.mjs";
import { apiRouteFiles, routeFileOf, servesPath } from "@/tests/route-files";
import { allOperations, buildOpenApiDocument, rolesOf } from "@/lib/api/openapi/document";
import { specOf, type Method } from "@/lib/api/openapi/from-routes";
import { OPERATIONS_BY_HAND } from "@/lib/api/openapi/operations";
import { WEBHOOK_EVENTS } from "@/lib/integrations/webhooks/schema";

const document = buildOpenApiDocument(API_ROUTES);
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 422, 429, 501, 503];

/** Every operation of the document as `METHOD /path`. */
const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item ?? {})
    .filter((key) => HTTP_METHODS.includes(key))
    .map((method) => ({ method: method.toUpperCase(), path })),
);

/** Every method handler of every indexed route module, with what `route()` kept of it. */
const handlers = API_ROUTES.flatMap(({ file, module }) =>
  Object.entries(module)
    .filter(([name]) => ["GET", "POST", "PUT", "PATCH", "DELETE"].includes(name))
    .map(([method, handler]) => ({ key: `${method} ${file}`, file, method: method as Method, spec: specOf(handler) })),
);

/** Route files that are no operation: every handler of theirs says `doc: null`. */
const undocumented = [...new Set(handlers.filter((h) => h.spec?.doc === null).map((h) => h.file))];

describe("the OpenAPI document", () => {
  const routes = apiRouteFiles();
  const files = routes.map((r) => r.file);

  it("finds route files for paths as Next routes them", () => {
    expect(servesPath("app/api/survey/[id]/voters/route.ts", "/api/survey/{id}/voters")).toBe(true);
    expect(servesPath("app/api/survey/[id]/route.ts", "/api/survey/{id}/voters")).toBe(false);
    expect(servesPath("app/api/survey/[id]/route.ts", "/api/survey/{email}")).toBe(false);
    expect(servesPath("app/api/auth/[...nextauth]/route.ts", "/api/auth/callback/credentials")).toBe(true);
    expect(servesPath("app/api/auth/[...nextauth]/route.ts", "/api/auth")).toBe(false);
    expect(routeFileOf(files, "/api/auth/session")).toBe("app/api/auth/[...nextauth]/route.ts");
    expect(routeFileOf(files, "/api/health/ready")).toBe("app/api/health/ready/route.ts");
    expect(routeFileOf(files, "/api/no/such/call")).toBe("app/api/[...path]/route.ts");
  });

  it("has an operation for every method of every /api route file", () => {
    const missing: string[] = [];
    let count = 0;
    for (const { file, methods } of routes) {
      if (undocumented.includes(file)) continue;
      for (const method of methods) {
        count++;
        if (!documented.some((op) => op.method === method && routeFileOf(files, op.path) === file)) missing.push(`${method} ${file}`);
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(missing, "give each `route({ doc })`").toEqual([]);
  });

  it("has no operation without a route file exporting its method", () => {
    const orphans = documented.filter((op) => {
      const file = routeFileOf(files, op.path);
      return !file || undocumented.includes(file) || !routes.find((r) => r.file === file)!.methods.includes(op.method);
    });
    expect(orphans).toEqual([]);
  });

  it("leaves out only the catch-all of unknown paths", () => {
    expect(undocumented).toEqual(["app/api/[...path]/route.ts"]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("says who may call each operation, as its route declares, and how its refusals look", () => {
    for (const op of allOperations(API_ROUTES)) {
      const described = document.paths![op.path]![op.method.toLowerCase() as "get"]!;
      expect(described.description, `${op.method} ${op.path}`).toMatch(/^\*\*Who may call:\*\* /);
      expect(described.security, `${op.method} ${op.path}`).toBeDefined();
      const roles = rolesOf(op.auth);
      expect(described["x-roles"], `${op.method} ${op.path}`).toEqual(roles ? [...roles] : undefined);
      if (roles) expect(described.responses).toHaveProperty("401");
      if (op.params && !op.outsideWrapper) expect(described.responses).toHaveProperty("404");
    }
    const vote = document.paths!["/api/vote/{id}"]!.put!;
    expect(vote["x-roles"]).toEqual(["user", "pro_user"]);
    // 429: votes per account per minute (`votes.account`, lib/limits/table.ts).
    expect(Object.keys(vote.responses!).sort()).toEqual(["200", "400", "401", "403", "404", "409", "413", "415", "429"]);
    expect(document.paths!["/api/jwt"]!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths!["/api/all_surveys"]!.get!.security).toContainEqual({});
    expect(document.paths!["/api/users/{id}/suspension"]!.post!["x-roles"]).toEqual(["admin"]);
    expect(document.components!.securitySchemes).toHaveProperty("sessionCookie.name", "authjs.session-token");
  });

  it("names the server it is served by, requires the proof-of-work where the routes do, and documents the 401 challenge", () => {
    expect(document.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    const bodies = {
      "/api/register": document.paths!["/api/register"]!.post!.requestBody,
      "/api/contact": document.paths!["/api/contact"]!.post!.requestBody,
      "/api/password/forgot": document.paths!["/api/password/forgot"]!.post!.requestBody,
    };
    for (const [path, body] of Object.entries(bodies)) {
      const [media] = Object.values((body as { content: Record<string, { schema: { required?: string[]; properties: Record<string, { description?: string }> } }> }).content);
      expect(media.schema.required, path).toContain("altcha");
      expect(media.schema.properties.altcha.description, path).toMatch(/altcha_required/);
    }
    const unauthorized = (document.components!.responses as Record<string, { headers?: Record<string, unknown> }>).Unauthorized;
    expect(unauthorized.headers).toHaveProperty("WWW-Authenticate");
  });
});

describe("each route describes itself beside its checks", () => {
  it("every method of every indexed route file is built with route() and has its `doc`", () => {
    expect(handlers.length).toBeGreaterThan(40);
    expect(handlers.filter((h) => !h.spec).map((h) => h.key), "build it with route()").toEqual([]);
    expect(handlers.filter((h) => h.spec?.doc === undefined).map((h) => h.key), "add `doc` to its route()").toEqual([]);
  });

  it("documents answers with zod schemas and errors with statuses the document describes", () => {
    for (const { key, spec } of handlers) {
      for (const answer of spec?.doc?.answers ?? []) {
        if (answer.json) expect(answer.json, key).toBeInstanceOf(z.ZodType);
        else expect(answer.media?.length, `${key}: an answer with neither a schema nor a media type`).toBeGreaterThan(0);
      }
      for (const status of spec?.doc?.errors ?? []) expect(ERROR_STATUSES, key).toContain(status);
    }
  });

  it("states of its body only what the wrapper cannot know", () => {
    for (const { key, spec } of handlers) {
      const doc = spec?.doc;
      if (!spec || !doc) continue;
      // A body schema of its own only where the route checks the body itself (it takes `z.unknown()`).
      expect(!!doc.body, key).toBe(spec.body?._zod.def.type === "unknown");
      if (doc.body) expect(doc.body, key).toBeInstanceOf(z.ZodType);
      expect(!!doc.raw, `${key}: what its raw body is`).toBe(!!spec.rawBody);
      expect(!!doc.files, `${key}: its form's file fields`).toBe(!!spec.form);
      // `cookieOnly` already says it: `sessionOnly` is for a handler that refuses a token itself.
      if (spec.cookieOnly) expect(doc.sessionOnly, key).toBeUndefined();
    }
  });

  it("leaves by hand only what no route() describes", () => {
    const files = apiRouteFiles().map((r) => r.file);
    for (const op of OPERATIONS_BY_HAND) {
      expect(op.outsideWrapper, `${op.method} ${op.path}`).toBe(true);
      expect(Object.keys(LEFT_OUT), `${op.method} ${op.path}`).toContain(routeFileOf(files, op.path));
    }
  });
});

describe("the webhooks a surveyor's endpoint receives (OpenAPI 3.1 `webhooks`)", () => {
  it("describes each event as a signed POST with its payload", () => {
    const webhooks = document.webhooks as Record<string, { post: { parameters?: { in: string; name: string; required?: boolean }[]; requestBody: { content: Record<string, { schema: unknown }> } } }>;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const { post } = webhooks[event];
      expect(post.parameters?.filter((p) => p.in === "header").map((p) => [p.name, p.required]), event).toEqual([
        ["webhook-id", true],
        ["webhook-timestamp", true],
        ["webhook-signature", true],
      ]);
      expect(post.requestBody.content["application/json"].schema, event).toBeDefined();
    }
  });
});
