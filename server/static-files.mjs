// The build's static files (`/_next/static/**`) answered by the server itself, from memory, already
// compressed: Next would read each file again and compress it on every request (its `compression`
// middleware, brotli at quality 4), which made a JavaScript chunk cost about sixteen times what a
// bare Node server sending the same bytes costs.
//
// When the server starts, each file of `.next/static` is read once and compressed once, brotli at
// quality 11 and gzip at level 9, one file at a time on libuv's thread pool (never on the event loop,
// and never more than one of its threads), with its ETag (the sha1 of its bytes). The compressed
// copies are written to `.next/cache/precompressed/`, named by that hash, so that the next start of
// the same build (another server, a restart) only reads them; `npm run build` makes them right after
// `next build` (`node server/static-files.mjs`, the `postbuild` script). Each copy (a file in one
// encoding) is read into memory when it is first asked for, and kept: a server holds the scripts its
// visitors load, in the encodings their browsers take (brotli), not the whole build in three encodings
// (about 12 MB). Without a folder for the copies (a read-only build), they are kept in memory from the
// start. Until a file is ready, while a copy is being read, and for anything this module does not hold
// (an unknown path, a range request, a method other than GET and HEAD), the request goes to Next as before.
//
// An answer carries what Next's would: the headers of next.config.ts that match its path (from the
// build's routes manifest), `Cache-Control: public, max-age=31536000, immutable`, its type and
// Last-Modified, plus `Vary: Accept-Encoding` and a weak ETag (the same for each encoding of the
// same bytes), with 304 for a client that has it. The request id, HSTS and the metrics are the
// server's, as for every answer (server/index.mjs).
// The headers of each answer are made once per file and sent in one write: with the request id, HSTS
// and the metrics, a static answer costs about 1.3 times what the bare server's does in CPU.
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";
import { newRequestId } from "./request-id.mjs";
import { headerRules, headersFor } from "./response-headers.mjs";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export const STATIC_PREFIX = "/_next/static/";
/** Next's own Cache-Control for the build's static files: their names change with their content. */
const IMMUTABLE = "public, max-age=31536000, immutable";
/** At most this much of the static files is kept in memory (every encoding counted); the rest goes to Next. */
export const STATIC_MEMORY_MB = 64;
/** The types Next sends for the files a build makes; a file of another kind is left to Next. */
const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".mjs": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".map": "application/json; charset=UTF-8",
  ".txt": "text/plain; charset=UTF-8",
  ".html": "text/html; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".otf": "font/otf",
  ".wasm": "application/wasm",
};
/** Worth compressing (the others, images and fonts, are compressed formats already). */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".json", ".map", ".txt", ".html", ".svg"]);
const ENCODINGS = ["br", "gzip", "identity"];
/** Different Accept-Encoding values remembered with their choice (browsers send a handful). */
const CHOICES_MAX = 200;

/** @typedef {{ bytes: Buffer | null, source: string | null, reading?: boolean, headers: (string | number)[] }} Variant `bytes` once in memory; `source`: the file to read them from */
/** @typedef {{ variants: { br?: Variant, gzip?: Variant, identity: Variant }, etag: string, lastModified: string, notModified: (string | number)[] }} StaticFile */

/**
 * @param {{
 *   dir: string,
 *   cacheDir?: string | null,
 *   maxBytes?: number,
 *   quality?: number,
 *   log?: { info: Function, warn: Function },
 * }} options `dir`: the app's folder (holding .next); `cacheDir`: where compressed copies are kept
 *   between starts (null: none); `quality`: brotli's (11 unless a test wants it faster)
 * @returns {{
 *   lookup: (req: import("node:http").IncomingMessage) => { file: StaticFile, copy: Variant } | null,
 *   send: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse, found: { file: StaticFile, copy: Variant }, requestId: string, hsts?: string | null) => number,
 *   serve: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => boolean,
 *   ready: Promise<StaticLoad>,
 *   stats: () => { files: number, bytes: number },
 * }}
 */
export function createStaticFiles({ dir, cacheDir = path.join(dir, ".next/cache/precompressed"), maxBytes = STATIC_MEMORY_MB * 1024 * 1024, quality = 11, log }) {
  /** @type {Map<string, StaticFile>} */
  const files = new Map();
  /** @type {Map<string, string | undefined>} */
  const choices = new Map();
  let bytes = 0;
  const rules = headerRules(dir);

  const ready = loadStaticFiles(dir, { cacheDir, maxBytes, quality }, (urlPath, file, size) => {
    const headers = headersFor(rules, urlPath);
    if (headers === null) return; // a rule with conditions on the request: Next decides each time
    files.set(urlPath, withHeaders(file, headers));
    bytes += size;
  }).then(
    (load) => {
      log?.info({ ...load, kept: files.size, keptBytes: bytes }, "static files compressed");
      return load;
    },
    (error) => {
      log?.warn({ error: error?.message }, "static files: compressing them failed, Next serves them");
      return { files: 0, fromCache: 0, compressed: 0, skipped: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0, ms: 0 };
    },
  );

  /** The encoding to send for an Accept-Encoding value (br first, then gzip, then none). */
  function choose(accept) {
    const key = accept ?? "";
    let choice = choices.get(key);
    if (choice === undefined && !choices.has(key)) {
      choice = new Negotiator({ headers: { "accept-encoding": key } }).encoding(ENCODINGS, { preferred: ENCODINGS });
      if (choices.size >= CHOICES_MAX) choices.clear();
      choices.set(key, choice);
    }
    return choice;
  }

  /**
   * The static file a request asks for, or null when Next must answer it (not one of the build's
   * static files, not ready yet, a range, a method other than GET and HEAD, no acceptable encoding).
   * @returns {{ file: StaticFile, copy: Variant } | null}
   */
  function lookup(req) {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return null;
    const url = req.url ?? "";
    if (!url.startsWith(STATIC_PREFIX)) return null;
    const mark = url.indexOf("?");
    const file = files.get(mark < 0 ? url : url.slice(0, mark));
    // Ranges are Next's (it answers them); browsers never ask one of a script.
    if (!file || req.headers.range !== undefined) return null;
    const encoding = choose(req.headers["accept-encoding"]);
    // Nothing acceptable (`identity;q=0` and no match): Next answers as it always has.
    if (encoding === undefined) return null;
    const copies = file.variants;
    // A file with no smaller copy (an image, a tiny script) goes as it is.
    const copy = encoding === "br" ? (copies.br ?? copies.identity) : encoding === "gzip" ? (copies.gzip ?? copies.identity) : copies.identity;
    if (!copy.bytes) {
      read(copy);
      return null;
    }
    return { file, copy };
  }

  /** Reads a copy into memory, once; meanwhile its requests go to Next. */
  function read(copy) {
    if (copy.reading || !copy.source) return;
    copy.reading = true;
    fs.readFile(copy.source).then(
      (bytes) => {
        copy.bytes = bytes;
        copy.reading = false;
      },
      (error) => {
        // The copy went (another build cleaned the folder): Next answers this file from now on.
        log?.warn({ file: copy.source, error: error?.message }, "static files: a copy could not be read, Next serves it");
        copy.source = null;
      },
    );
  }

  /**
   * Sends what `lookup` found, its headers in one write, with the request's id and, over HTTPS, `hsts`:
   * 200, or 304 for a client that has it. Answers the status.
   * @param {string} requestId
   * @param {string | null} [hsts] the Strict-Transport-Security value, for an answer over HTTPS
   */
  function send(req, res, { file, copy }, requestId, hsts = null) {
    const notModified = fresh(req.headers, { etag: file.etag, "last-modified": file.lastModified });
    const headers = notModified ? file.notModified : copy.headers;
    // The list's first value is the request id's, written here for this answer: writeHead copies
    // the list into the answer before it returns, so the next request can write its own.
    headers[1] = requestId;
    res.writeHead(notModified ? 304 : 200, hsts ? [...headers, "Strict-Transport-Security", hsts] : headers);
    if (notModified || req.method === "HEAD") res.end();
    else res.end(copy.bytes);
    return notModified ? 304 : 200;
  }

  /** Answers a request for one of the build's static files: true when answered, false when Next must. */
  function serve(req, res) {
    const found = lookup(req);
    if (!found) return false;
    send(req, res, found, newRequestId());
    return true;
  }

  return { lookup, send, serve, ready, stats: () => ({ files: files.size, bytes }) };
}

/** @typedef {{ files: number, fromCache: number, compressed: number, skipped: number, bytes: number, brotliBytes: number, gzipBytes: number, ms: number }} StaticLoad */
/** @typedef {{ bytes: Buffer, br: Buffer | null, gzip: Buffer | null, type: string, etag: string, lastModified: string, sources: { identity: string, br: string, gzip: string } | null }} LoadedFile `sources`: where each copy can be read again (null: nowhere, keep them) */

/**
 * Reads and compresses every file of `dir/.next/static`, one at a time, handing each to `onFile`
 * (its URL path, the file, the bytes it keeps in memory) as soon as it is ready, until `maxBytes`.
 * @param {string} dir
 * @param {{ cacheDir: string | null, maxBytes: number, quality: number }} options
 * @param {(urlPath: string, file: LoadedFile, size: number) => void} [onFile]
 * @returns {Promise<StaticLoad>}
 */
export async function loadStaticFiles(dir, { cacheDir, maxBytes, quality }, onFile) {
  const started = performance.now();
  const root = path.join(dir, ".next/static");
  const load = { files: 0, fromCache: 0, compressed: 0, skipped: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0, ms: 0 };
  if (cacheDir) await fs.mkdir(cacheDir, { recursive: true }).catch(() => (cacheDir = null));
  const used = new Set();
  let kept = 0;
  for (const relative of await listFiles(root)) {
    const extension = path.extname(relative).toLowerCase();
    const type = TYPES[extension];
    if (!type) {
      load.skipped++;
      continue;
    }
    const full = path.join(root, relative);
    const [bytes, stat] = await Promise.all([fs.readFile(full), fs.stat(full)]);
    const hash = createHash("sha1").update(bytes).digest("base64url");
    let br = null;
    let zipped = null;
    if (COMPRESSIBLE.has(extension)) {
      used.add(hash);
      const cached = cacheDir ? await readCached(cacheDir, hash) : null;
      if (cached) {
        ({ br, gzip: zipped } = cached);
        load.fromCache++;
      } else {
        [br, zipped] = await compressBoth(bytes, quality);
        load.compressed++;
        if (cacheDir) await writeCached(cacheDir, hash, br, zipped);
      }
      // A copy no smaller than the file (a tiny one) is not worth its header.
      if (br.length >= bytes.length) br = null;
      if (zipped.length >= bytes.length) zipped = null;
    }
    const size = bytes.length + (br?.length ?? 0) + (zipped?.length ?? 0);
    if (kept + size > maxBytes) {
      load.skipped++;
      continue;
    }
    kept += size;
    load.files++;
    load.bytes += bytes.length;
    load.brotliBytes += (br ?? zipped ?? bytes).length;
    load.gzipBytes += (zipped ?? bytes).length;
    const urlPath = STATIC_PREFIX + relative.split(path.sep).join("/");
    const sources = cacheDir && COMPRESSIBLE.has(extension) ? { identity: full, br: path.join(cacheDir, `${hash}.br`), gzip: path.join(cacheDir, `${hash}.gz`) } : null;
    onFile?.(urlPath, { bytes, br, gzip: zipped, type, etag: `W/"${hash}"`, lastModified: stat.mtime.toUTCString(), sources }, size);
  }
  if (cacheDir) await pruneCache(cacheDir, used);
  load.ms = Math.round(performance.now() - started);
  return load;
}

/** Brotli (text mode, at `quality`) and gzip (level 9) of one file, one after the other on the thread pool. */
async function compressBoth(bytes, quality) {
  const br = await brotli(bytes, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const zipped = await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  return [br, zipped];
}

async function readCached(cacheDir, hash) {
  try {
    const [br, zipped] = await Promise.all([fs.readFile(path.join(cacheDir, `${hash}.br`)), fs.readFile(path.join(cacheDir, `${hash}.gz`))]);
    return { br, gzip: zipped };
  } catch {
    return null;
  }
}

/** Written under a temporary name and renamed: a server starting at the same moment reads whole files or none. */
async function writeCached(cacheDir, hash, br, zipped) {
  try {
    for (const [name, data] of [[`${hash}.br`, br], [`${hash}.gz`, zipped]]) {
      const temporary = path.join(cacheDir, `${name}.${process.pid}.tmp`);
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, path.join(cacheDir, name));
    }
  } catch {
    // A read-only build folder: every start compresses again, nothing else changes.
  }
}

/** Copies of files no longer in the build are removed, so that the folder does not grow with every build. */
async function pruneCache(cacheDir, used) {
  const names = await fs.readdir(cacheDir).catch(() => []);
  await Promise.all(
    names
      .filter((name) => !used.has(name.replace(/\.(br|gz)$/, "")) && !name.endsWith(".tmp"))
      .map((name) => fs.rm(path.join(cacheDir, name), { force: true }).catch(() => {})),
  );
}

/** Every file under `root`, as paths relative to it, in a stable order. */
async function listFiles(root) {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

/** The file's answers, their headers made once: one flat list per encoding, and the 304's, each led by the request id's slot. */
function withHeaders(file, configured) {
  const common = ["X-Request-Id", "", ...configured.flat(), "Cache-Control", IMMUTABLE, "Last-Modified", file.lastModified, "ETag", file.etag, "Vary", "Accept-Encoding"];
  // With copies on disk, each is read when first asked for (see above).
  const variant = (bytes, encoding, source) => ({
    bytes: source ? null : bytes,
    source,
    headers: [...common, "Content-Type", file.type, ...(encoding ? ["Content-Encoding", encoding] : []), "Content-Length", bytes.length],
  });
  // Each list is its own (the request id's slot is written per answer).
  return {
    variants: {
      ...(file.br ? { br: variant(file.br, "br", file.sources?.br ?? null) } : {}),
      ...(file.gzip ? { gzip: variant(file.gzip, "gzip", file.sources?.gzip ?? null) } : {}),
      identity: variant(file.bytes, null, file.sources?.identity ?? null),
    },
    etag: file.etag,
    lastModified: file.lastModified,
    notModified: [...common],
  };
}

// `npm run build` (its `postbuild` script): the compressed copies made once, beside the build, so
// that the first start of the server only reads them.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const load = await loadStaticFiles(process.cwd(), { cacheDir: path.join(process.cwd(), ".next/cache/precompressed"), maxBytes: Infinity, quality: 11 });
  console.log(
    `static files: ${load.files} (${load.compressed} compressed, ${load.fromCache} already), ${load.bytes} B -> brotli ${load.brotliBytes} B, gzip ${load.gzipBytes} B, in ${load.ms} ms`,
  );
}
