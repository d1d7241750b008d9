// A new /api route, a new method on one, or a new dashboard page without a row in the
// authorisation matrix (tests/matrix/routes.ts) fails here, before any server is started.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CALLERS, ROWS } from "./routes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function walk(dir: string, name: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return walk(rel, name);
    return entry.name === name ? [rel] : [];
  });
}

/** The HTTP methods a route.ts exports: `export const GET`, `export async function POST`, `export { a as PUT }`. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()!.trim();
      if (name) found.add(name);
    }
  }
  return [...found].filter((name) => METHODS.includes(name)).sort();
}

describe("the authorisation matrix covers", () => {
  it("every method of every /api route file", () => {
    const missing: string[] = [];
    let count = 0;
    for (const file of walk("app/api", "route.ts")) {
      for (const method of exportedMethods(fs.readFileSync(path.join(ROOT, file), "utf8"))) {
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
