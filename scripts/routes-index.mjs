// Writes app/api/routes.generated.ts: one import of every app/api/**/route.ts, so that the OpenAPI
// document (app/api/openapi.json/route.ts) reads every route's own declaration (`route({ auth, doc,
// ... })`) without a list kept by hand, and the tests reach every route the same way. Run it after
// adding, moving or removing a route file: `node scripts/routes-index.mjs`. A test
// (app/api/routes-index.test.ts) fails while the file on disk is not what this would write.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const INDEX_FILE = "app/api/routes.generated.ts";

/** Route files the index leaves out, and why. */
export const LEFT_OUT = {
  // It imports the index: listing it would be an import cycle. Described in lib/api/openapi/operations.ts.
  "app/api/openapi.json/route.ts": "the document itself",
  // Auth.js's own handlers, not route(): its calls are described in lib/api/openapi/operations.ts.
  "app/api/auth/[...nextauth]/route.ts": "Auth.js",
};

/** Every route.ts under `dir` (repository-relative, sorted the same on every machine). */
function routeFiles(root, dir) {
  return fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(root, rel);
      return entry.name === "route.ts" ? [rel] : [];
    })
    .sort();
}

/** The documented path of a route file: `[id]` is `{id}`; a catch-all keeps its folder name. */
export function apiPathOf(file) {
  return file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}");
}

/** A name for the module's import: its folders, words joined by `_`. */
const importName = (file) =>
  `r_${file
    .replace(/^app\/api\//, "")
    .replace(/\/?route\.ts$/, "")
    .replace(/\[\.\.\.(\w+)\]/g, "all_$1")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_|_$/g, "")}`;

/** The index's source as this script writes it. */
export function routesIndexSource(root = ROOT) {
  const files = routeFiles(root, "app/api").filter((file) => !(file in LEFT_OUT));
  const imports = files.map((file) => `import * as ${importName(file)} from "./${file.replace(/^app\/api\//, "").replace(/\.ts$/, "")}";`);
  const entries = files.map((file) => `  { file: "${file}", path: "${apiPathOf(file)}", module: ${importName(file)} },`);
  return [
    "// Written by scripts/routes-index.mjs from the route files on disk: do not edit, run `node scripts/routes-index.mjs`.",
    `// Every app/api/**/route.ts but ${Object.keys(LEFT_OUT).join(" and ")} (see the script).`,
    'import type { RouteModule } from "@/lib/api/openapi/from-routes";',
    ...imports,
    "",
    "export const API_ROUTES: RouteModule[] = [",
    ...entries,
    "];",
    "",
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  fs.writeFileSync(path.join(ROOT, INDEX_FILE), routesIndexSource());
  console.log(`Wrote ${INDEX_FILE}`);
}
