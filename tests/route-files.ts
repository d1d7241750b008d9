// The route files under app/ and the HTTP methods each exports, read from the source (no import, so
// the end-to-end matrix can load it too): the authorisation matrix, the API reference and the generated
// route index (app/api/routes.generated.ts) are all checked against them.
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Every file called `name` under `dir` (relative to the repository), as repository-relative paths. */
export function walk(dir: string, name: string): string[] {
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

/** Each /api route file with the methods it exports. */
export function apiRouteFiles(): { file: string; methods: string[] }[] {
  return walk("app/api", "route.ts").map((file) => ({ file, methods: exportedMethods(fs.readFileSync(path.join(ROOT, file), "utf8")) }));
}

/** A route file's folders as path segments: `[id]` is a parameter, `[...x]` one or more segments. */
const segmentsOf = (file: string) => file.replace(/^app/, "").replace(/\/route\.ts$/, "").split("/").filter(Boolean);

/** Whether the route file `file` answers the documented path `path` (`/api/survey/{id}`). */
export function servesPath(file: string, path: string): boolean {
  const route = segmentsOf(file);
  const parts = path.split("/").filter(Boolean);
  for (let i = 0; i < route.length; i++) {
    const segment = route[i];
    if (segment.startsWith("[...")) return i === route.length - 1 && parts.length > i;
    if (parts[i] === undefined) return false;
    const param = /^\[(.+)\]$/.exec(segment)?.[1];
    if (param ? parts[i] !== `{${param}}` : parts[i] !== segment) return false;
  }
  return parts.length === route.length;
}

/** The file Next routes `path` to: a static or parameter folder wins over a catch-all. */
export function routeFileOf(files: string[], path: string): string | undefined {
  const catchAlls = (file: string) => segmentsOf(file).filter((s) => s.startsWith("[...")).length;
  return files
    .filter((file) => servesPath(file, path))
    .sort((a, b) => catchAlls(a) - catchAlls(b) || segmentsOf(b).length - segmentsOf(a).length)[0];
}
