// A new /api route, a new method on one, or a new dashboard page without a row in the
// authorisation matrix (tests/matrix/routes.ts) fails here, before any server is started.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, apiRouteFiles, exportedMethods, walk } from "../route-files";
import { CALLERS, ROWS } from "./routes";

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
    expect(missing, "add a row to tests/matrix/routes.ts for each").toEqual([]);
  });

  it("every dashboard page and the payment page", () => {
    const pages = [...walk("app/dashboard", "page.tsx"), "app/payment/page.tsx"];
    expect(pages.length).toBeGreaterThan(20);
    expect(pages.filter((file) => !ROWS.some((r) => r.file === file))).toEqual([]);
  });

  it("only files that exist, with an expectation for every caller", () => {
    for (const row of ROWS) {
      expect(fs.existsSync(path.join(ROOT, row.file)), row.file).toBe(true);
      expect(Object.keys(row.expect).sort()).toEqual([...CALLERS].sort());
    }
  });

  it("finds the methods of every export style", () => {
    expect(exportedMethods("export const GET = route({});\nexport const OPTIONS = preflight;")).toEqual(["GET", "OPTIONS"]);
    expect(exportedMethods("export async function POST(request) {}")).toEqual(["POST"]);
    expect(exportedMethods("export { unknown as GET, unknown as PATCH };")).toEqual(["GET", "PATCH"]);
    expect(exportedMethods('export { GET, OPTIONS } from "../x";')).toEqual(["GET", "OPTIONS"]);
  });
});
