// The API reference's document against the route files on disk and the OpenAPI 3.1 specification:
// a route file or method without an operation, or an operation without its route, fails here.
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { apiRouteFiles, routeFileOf, servesPath } from "@/tests/route-files";
import { buildOpenApiDocument } from "./document";
import { OPERATIONS, UNDOCUMENTED_ROUTES } from "./operations";

const document = buildOpenApiDocument();
const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every operation of the document as `METHOD /path`. */
const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.keys(item ?? {})
    .filter((key) => HTTP_METHODS.includes(key))
    .map((method) => ({ method: method.toUpperCase(), path })),
);

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
      if (file in UNDOCUMENTED_ROUTES) continue;
      for (const method of methods) {
        count++;
        if (!documented.some((op) => op.method === method && routeFileOf(files, op.path) === file)) missing.push(`${method} ${file}`);
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(missing, "describe each in lib/api/openapi/operations.ts").toEqual([]);
  });

  it("has no operation without a route file exporting its method", () => {
    const orphans = documented.filter((op) => {
      const file = routeFileOf(files, op.path);
      return !file || file in UNDOCUMENTED_ROUTES || !routes.find((r) => r.file === file)!.methods.includes(op.method);
    });
    expect(orphans).toEqual([]);
  });

  it("leaves out only the listed route files, which exist", () => {
    for (const file of Object.keys(UNDOCUMENTED_ROUTES)) expect(files, file).toContain(file);
    expect(Object.keys(UNDOCUMENTED_ROUTES)).toEqual(["app/api/[...path]/route.ts"]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("says who may call each operation and how its refusals look", () => {
    for (const op of OPERATIONS) {
      const described = document.paths![op.path]![op.method.toLowerCase() as "get"]!;
      expect(described.description, `${op.method} ${op.path}`).toMatch(/^\*\*Who may call:\*\* /);
      expect(described.security, `${op.method} ${op.path}`).toBeDefined();
      const signedIn = op.auth !== "none" && op.auth !== "public";
      expect("x-roles" in described, `${op.method} ${op.path}`).toBe(signedIn);
      if (signedIn) expect(described.responses).toHaveProperty("401");
      if (op.params && !op.outsideWrapper) expect(described.responses).toHaveProperty("404");
    }
    const vote = document.paths!["/api/vote/{id}"]!.put!;
    expect(vote["x-roles"]).toEqual(["user", "pro_user"]);
    // 429: votes per account per minute (`votes.account`, lib/limits/table.ts).
    expect(Object.keys(vote.responses!).sort()).toEqual(["200", "400", "401", "403", "404", "409", "413", "415", "429"]);
    expect(document.paths!["/api/jwt"]!.post!.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths!["/api/all_surveys"]!.get!.security).toContainEqual({});
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
