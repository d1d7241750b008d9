// After `next build`: the server's chunks that are the same file under another name become one.
//
// Turbopack writes a route's server chunks per route, so the same modules (the services, zod, drizzle)
// land in identical chunks under different names: one copy per API route. The server loads each chunk
// with `require`, and every copy stays in memory as its own script (its source, about 0.4-0.8 MB for the
// largest, kept by V8 for lazy compilation), although the modules it registers are the first copy's.
// Each duplicate becomes `module.exports = require("./<first copy>")`: `require` then returns the one
// array of module factories, which Turbopack's runtime installs as it would the copy's.
//
// Every `next build` runs it (next.config.ts, `compiler.runAfterProductionCompile`); alone:
// `node scripts/dedupe-server-chunks.mjs` in the app's folder.
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=[^\n]*\s*$/;
/** Chunks smaller than this are not worth a second look. */
const MIN_BYTES = 4096;

/**
 * @param {string} dir the app's folder (holding .next)
 * @returns {Promise<{ chunks: number, duplicates: number, bytes: number }>} duplicates replaced, and the bytes they held
 */
export async function dedupeServerChunks(dir) {
  const root = path.join(dir, ".next/server/chunks");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".js"))
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name))
    .sort();
  /** @type {Map<string, string>} content (without its source map comment) -> the first file holding it */
  const first = new Map();
  const result = { chunks: files.length, duplicates: 0, bytes: 0 };
  for (const file of files) {
    const text = await fs.readFile(file, "utf8");
    if (text.length < MIN_BYTES || !text.startsWith("module.exports=")) continue;
    const body = text.replace(SOURCE_MAP_COMMENT, "");
    const original = first.get(body);
    if (!original) {
      first.set(body, file);
      continue;
    }
    let target = path.relative(path.dirname(file), original).split(path.sep).join("/");
    if (!target.startsWith(".")) target = `./${target}`;
    await fs.writeFile(file, `// The same chunk as ${path.basename(original)} (scripts/dedupe-server-chunks.mjs).\nmodule.exports = require(${JSON.stringify(target)});\n`);
    await fs.rm(`${file}.map`, { force: true });
    result.duplicates++;
    result.bytes += Buffer.byteLength(text);
  }
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  // No top-level await: next.config.ts loads this module with require().
  void dedupeServerChunks(process.cwd()).then(({ chunks, duplicates, bytes }) =>
    console.log(`Server chunks: ${chunks}; ${duplicates} copies of another now load it (${Math.round(bytes / 1e3)} kB)`),
  );
}
