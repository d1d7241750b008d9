// The HTTP methods each /api route answers, so that a method a route does not export is refused here
// (405, the API's JSON error body, `Allow`) instead of by Next (405, an empty body, no `Allow`). Read
// once at start-up from the route files the build was made from (app/api/**/route.ts, beside .next,
// as lib/*.mjs is): each file's `export const GET`, `export async function POST`, `export { a as PUT }`
// (tests/route-files.ts reads them the same way; server/route-methods.test.ts keeps the two equal).
// Without the files (an unusual deployment), nothing is refused here and Next answers as before.
import fs from "node:fs";
import path from "node:path";

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The HTTP methods a route file's source exports. @param {string} source */
export function exportedMethods(source) {
  const found = new Set();
  for (const m of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name) found.add(name);
    }
  }
  return [...found].filter((name) => METHODS.includes(name)).sort();
}

/**
 * What a route answers: its own methods, HEAD when it has GET and OPTIONS always (Next answers both
 * itself), in the order of an `Allow` header. @param {string[]} exported
 */
export function allowedMethods(exported) {
  const allowed = new Set([...exported, "OPTIONS"]);
  if (allowed.has("GET")) allowed.add("HEAD");
  return METHODS.filter((m) => allowed.has(m));
}

/** Every route file under `dir`, recursively. @param {string} dir @returns {string[]} */
function routeFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The allowed methods of each /api route, by the route pattern of the build's route table
 * (`/api/vote/[id]`, as server/route-patterns.mjs names it). Route groups (`(name)`) are not in it.
 * @param {string} dir the app's folder (holding app/ and .next)
 * @returns {Map<string, string[]>}
 */
export function loadRouteMethods(dir) {
  const api = path.join(dir, "app/api");
  const methods = new Map();
  if (!fs.existsSync(api)) return methods;
  for (const file of routeFiles(api)) {
    const segments = path.relative(path.join(dir, "app"), path.dirname(file)).split(path.sep).filter((s) => !/^\(.*\)$/.test(s));
    methods.set(`/${segments.join("/")}`, allowedMethods(exportedMethods(fs.readFileSync(file, "utf8"))));
  }
  return methods;
}
