// The generated index of the route modules (app/api/routes.generated.ts) against the route files on
// disk: a route added, moved or removed without running `node scripts/routes-index.mjs` fails here,
// before the API reference could miss it.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INDEX_FILE, LEFT_OUT, apiPathOf, routesIndexSource } from "@/scripts/routes-index.mjs";
import { ROOT, apiRouteFiles, servesPath } from "@/tests/route-files";
import { API_ROUTES } from "./routes.generated";

describe("the route index", () => {
  it("is what scripts/routes-index.mjs writes from the files on disk", () => {
    expect(fs.readFileSync(path.join(ROOT, INDEX_FILE), "utf8"), "run `node scripts/routes-index.mjs`").toBe(routesIndexSource());
  });

  it("lists every route file but the ones the script leaves out, which exist", () => {
    const files = apiRouteFiles().map((r) => r.file);
    for (const file of Object.keys(LEFT_OUT)) expect(files).toContain(file);
    expect(API_ROUTES.map((r) => r.file).sort()).toEqual(files.filter((file) => !(file in LEFT_OUT)).sort());
  });

  it("gives each file the path Next serves it at", () => {
    expect(apiPathOf("app/api/survey/[id]/voters/route.ts")).toBe("/api/survey/{id}/voters");
    for (const { file, path: apiPath } of API_ROUTES) if (!file.includes("[...")) expect(servesPath(file, apiPath), file).toBe(true);
  });
});
