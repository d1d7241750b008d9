// A new /api route, a new method on one, or a new dashboard page without a row in the
// authorisation matrix (tests/matrix/routes.ts) fails here, before any server is started; so does a
// row whose expectations cannot be derived, and an API reference that says another access than the
// route declares.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import type { Access } from "@/lib/api/handler";
import { buildOpenApiDocument, rolesOf } from "@/lib/api/openapi/document";
import { specOf } from "@/lib/api/openapi/from-routes";
import { OPERATIONS_BY_HAND } from "@/lib/api/openapi/operations";
import { ROOT, apiRouteFiles, exportedMethods, routeFileOf, walk } from "../route-files";
import { CALLERS, KEY_HOLDERS, ROWS, admittedByDocument, expectationsOf, keyExpectation, type Admitted, type ApiDocument, type Row } from "./routes";

const document = buildOpenApiDocument(API_ROUTES) as ApiDocument;
const files = apiRouteFiles().map((r) => r.file);
const admitted = (auth: Access): Admitted => rolesOf(auth) ?? "anyone";

/** Who a row's route lets in by its own declaration: its `route({ auth })`, or the operation described by hand. */
function declared(row: Row): Admitted | undefined {
  // A CORS preflight carries no credentials: anyone.
  if (row.method === "OPTIONS") return "anyone";
  const routeModule = API_ROUTES.find((r) => r.file === row.file)?.module;
  if (routeModule) {
    const spec = specOf(routeModule[row.method]);
    return spec?.doc ? admitted(spec.auth) : undefined;
  }
  const byHand = OPERATIONS_BY_HAND.filter((op) => op.method === row.method && routeFileOf(files, op.path) === row.file);
  return byHand.length ? admitted(byHand[0].auth) : undefined;
}

describe("the authorisation matrix covers", () => {
  it("every method of every /api route file", () => {
    const missing: string[] = [];
    let count = 0;
    for (const { file, methods } of apiRouteFiles()) {
      for (const method of methods) {
        count++;
        if (!ROWS.some((r) => r.file === file && r.method === method)) missing.push(`${method} ${file}`);
      }
    }
    expect(count).toBeGreaterThan(40);
    expect(missing, "add a row to tests/matrix/ for each").toEqual([]);
  });

  it("every dashboard page and the payment page", () => {
    const pages = [...walk("app/[locale]/dashboard", "page.tsx"), "app/[locale]/payment/page.tsx"];
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((file) => !ROWS.some((r) => r.file === file))).toEqual([]);
  });

  it("only files that exist, with an expectation for every caller", () => {
    for (const row of ROWS) {
      expect(fs.existsSync(path.join(ROOT, row.file)), row.file).toBe(true);
      expect(Object.keys(expectationsOf(row, admittedByDocument(document, files, row))).sort()).toEqual([...CALLERS].sort());
    }
  });
});

describe("the matrix's expectations", () => {
  const apiRows = ROWS.filter((row) => row.file.startsWith("app/api/"));

  it("come from the access each route declares, as the API reference states it", () => {
    for (const row of apiRows) expect(admittedByDocument(document, files, row), `${row.method} ${row.file}`).toEqual(declared(row));
  });

  it("are stated in a row only where the access does not tell them", () => {
    for (const row of apiRows) {
      const access = admittedByDocument(document, files, row);
      if (access === undefined) continue;
      const derived = expectationsOf({ ...row, expect: undefined }, access);
      for (const [caller, status] of Object.entries(row.expect ?? {})) {
        expect(status, `${row.method} ${row.file} as ${caller}: the access already says so`).not.toBe(derived[caller as keyof typeof derived]);
      }
    }
  });

  it("follow the access: the admitted roles let in, other roles 403, the signed-out 401", () => {
    const row: Row = { file: "app/api/x/route.ts", method: "POST", path: () => "/api/x", letIn: 400, proof: "" };
    expect(expectationsOf(row, ["surveyor", "admin"])).toEqual({ anon: 401, user: 403, pro: 403, owner: 400, other: 400, admin: 400 });
    expect(expectationsOf({ ...row, expect: { other: 403 } }, ["surveyor", "admin"])).toMatchObject({ owner: 400, other: 403 });
    expect(expectationsOf(row, "anyone")).toEqual({ anon: 400, user: 400, pro: 400, owner: 400, other: 400, admin: 400 });
    expect(() => expectationsOf(row, undefined)).toThrow(/must say what anon, user/);
  });
});

describe("an API key caller", () => {
  const outside: Row = { file: "app/api/x/route.ts", method: "GET", path: () => "/api/x", proof: "" };
  const expected = expectationsOf(outside, ["surveyor", "admin"]);

  it("gets what the signed-out get outside /api/v1 (a key names no one there), unless the row says", () => {
    expect(keyExpectation(outside, expected, "owner")).toBe(401);
    expect(keyExpectation({ ...outside, apiKey: { owner: 200 } }, expected, "owner")).toBe(200);
  });

  it("is sent to an /api/v1 row only as the row says, and every /api/v1/surveys row says it for every key holder", () => {
    expect(keyExpectation({ ...outside, file: "app/api/v1/x/route.ts" }, expected, "owner")).toBeUndefined();
    const v1 = ROWS.filter((row) => row.file.startsWith("app/api/v1/surveys"));
    expect(v1.length).toBe(7);
    for (const row of v1) for (const caller of KEY_HOLDERS) expect(keyExpectation(row, expectationsOf(row, ["surveyor", "admin"]), caller), `${row.method} ${row.file}`).toBeDefined();
  });
});

it("finds the methods of every export style", () => {
  expect(exportedMethods("export const GET = route({});\nexport const OPTIONS = preflight;")).toEqual(["GET", "OPTIONS"]);
  expect(exportedMethods("export async function POST(request) {}")).toEqual(["POST"]);
  expect(exportedMethods("export { unknown as GET, unknown as PATCH };")).toEqual(["GET", "PATCH"]);
  expect(exportedMethods('export { GET, OPTIONS } from "../x";')).toEqual(["GET", "OPTIONS"]);
});
