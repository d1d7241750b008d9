// Response compression (Next's own is off: `compress: false`, `generateEtags: false` in next.config.ts),
// and the cached pages the server answers again itself.
//
// A page from Next's cache is the same bytes for every visitor until it is refreshed, yet Next would
// gzip it again for each request and hash it in JavaScript for its ETag. Here a cached answer
// (`s-maxage`) sent whole is gzipped once per version, on libuv's thread pool rather than the event
// loop: the last version of each cache entry is kept with its gzip, ETag and inline-script hashes, and
// a request whose body is the same string (one memcmp) reuses them, gzipped or, for a client without
// gzip, as the kept bytes (Next would encode the string again).
//
// Brotli (quality 11, about 17 % fewer bytes than gzip's level 9 on `/`) costs about 60 ms of CPU for
// a 30 kB page, fifty times gzip's: a version gets its brotli copy only once it has been current for
// `brotliAfterMs` (a second) and a client asks for brotli, one page at a time on the thread pool;
// until then brotli clients get the gzip. A page that a stream of votes renews every 50 ms is thus
// never compressed for nothing, and a page that stays the same is compressed once. Versions are keyed by the page's
// cache entry (the internal route the server mapped the public URL to, and the RSC variant), never by the raw URL, so
// a cache-busting query string (`/?r=123`) costs no more than `/` and pushes nothing out.
// Anything else (streamed pages, dashboards, API answers, static files) goes through `compression`,
// the Express middleware Next itself bundles.
//
// Kept answers. Even from its cache, Next spends most of a cached page's time on its routing and
// per-request work, several times what sending the bytes costs. So when Next answers a page from a
// fresh cache entry (its verdict HIT), the version also keeps that answer's headers, and the next
// requests for the page get the version straight from here, without Next, as Next would answer them
// from that entry:
//   - fresh while Next's cache has applied no tag revalidation since the HIT's request began (it counts
//     them: lib/cache/memory-cache-handler.mjs, `runtime().cacheEvents`) and the entry's lifetime
//     (`s-maxage`) has not passed, counted from a moment the entry cannot predate: the start of the last
//     request Next answered without a fresh entry for the page (a MISS it rendered, or a STALE copy);
//   - stale after a tag was only marked stale (a vote) or the lifetime passed, or when Next answered it
//     as STALE: Next would send this same copy while it builds a fresh one, so one request per page
//     every 50 ms goes to Next, which starts the refresh and brings the newer copy back, and the others
//     get this one (Next renders one page at a time on the same event loop, so "one request at a
//     time" would be nearly every request);
//   - never after a tag expired entries (an edit, an unpublish), nor after Next answered a MISS, until
//     Next answers a HIT again;
//   - for a page this server did not see being made, only when told when the build made its pages
//     (`builtAt`): a HIT of such a page is one of the build's (this server's cache holds nothing else it
//     did not make), no older than the build, so its lifetime is counted from then (`/about`, whose
//     lifetime is a year);
//   - only for a plain GET of the HTML (no RSC or prefetch headers, no preview cookie);
//   - with Redis (a cache shared by several servers), only while this server hears the others'
//     revalidations on Redis's channel (lib/cache/cache-events.mjs): each expires every kept page here,
//     and a page another server made counts its lifetime from the build (`builtAt`), so it is soon
//     "stale": one request per page every 50 ms goes to Next, which reads the shared cache.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import vary from "vary";
import { runtime } from "../lib/runtime.mjs";
import { inlineScriptHashes, withScriptHashes } from "./csp-hashes.mjs";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
/** Encodings of a kept page, best first: brotli when its copy is made, else gzip, else the bytes. */
const ENCODINGS = ["br", "gzip", "identity"];
/** Different Accept-Encoding values remembered with their encodings (browsers send a handful). */
const CHOICES_MAX = 200;
const PRECOMPRESSED = Symbol("precompressed");
/** Brotli's window for answers compressed as they stream (2^18 = 256 kB). */
const STREAM_BROTLI_WINDOW_BITS = 18;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|javascript)|image\/svg\+xml)/;
const SHARED_CACHEABLE = /(^|,)\s*s-maxage=/;
const S_MAXAGE = /(?:^|,)\s*s-maxage=(\d+)/;
const ASKED = Symbol("asked");
const KEY = Symbol("entry key");
// Headers of a kept answer that belong to one request, or that this file sets itself.
const PER_REQUEST = new Set([
  "content-length",
  "content-encoding",
  "etag",
  "date",
  "x-request-id",
  "strict-transport-security",
  "x-nextjs-cache",
  "x-nextjs-prerender",
  "x-nextjs-stale-time",
  "x-nextjs-matched-path",
]);
// The request headers Next varies a page's answer on (HTML, RSC payload, prefetches).
const VARIANT_HEADERS = ["rsc", "next-router-prefetch", "next-router-segment-prefetch", "next-router-state-tree"];

/** @typedef {{ revalidations: number, expirations: number, until: number, headers: [string, string | number | string[]][] }} Kept */
/**
 * @typedef {{ body: string | Buffer, bytes: Buffer, gzip: Buffer, etag: string, scriptHashes: string[] | null, policy?: { from: string, to: string }, size: number, kept?: Kept | null,
 *   madeAt: number, br?: Buffer | null }} Version `br`: undefined until asked for, null while being made or when no smaller than the gzip
 */
/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("node:http").ServerResponse} Response */

/**
 * @param {{ cacheMegabytes?: number, keep?: boolean | (() => boolean), builtAt?: number, cacheEvents?: import("../lib/runtime.d.mts").CacheEvents, refreshEveryMs?: number, brotliAfterMs?: number }} [options]
 *   `keep`: answer kept pages without Next (or a function saying whether to, now); `builtAt`: when the
 *   build made its pages (ms since the epoch), so that they are kept too; `cacheEvents`: the
 *   counts of the tag revalidations Next's cache has applied; `refreshEveryMs`: while a kept copy is
 *   stale, one request per page goes to Next this often, for its newer copy; `brotliAfterMs`: how long
 *   a version must have been current before its brotli copy is made
 * @returns {{
 *   compressResponse: (req: Request, res: Response) => void,
 *   serveKept: (req: Request, res: Response) => boolean,
 *   heard: (req: Request, verdict: string) => void,
 *   stats: () => { entries: number, compressions: number, kept: number, brotli: number },
 * }}
 */
export function createPageGzip({ cacheMegabytes = 64, keep = false, builtAt = undefined, cacheEvents = runtime().cacheEvents, refreshEveryMs = 50, brotliAfterMs = 1000 } = {}) {
  /** @type {LRUCache<string, Version>} */
  const keeping = typeof keep === "function" ? keep : () => keep;
  const versions = new LRUCache({ maxSize: cacheMegabytes * 1024 * 1024, sizeCalculation: (entry) => entry.size });
  /** Versions being compressed, so that simultaneous requests for a new version compress it once. */
  const compressing = new Map();
  let compressions = 0;
  let brotliCompressions = 0;
  /** One brotli compression at a time for the whole server (see above). */
  let brotliBusy = false;
  /** @type {Map<string, string[]>} */
  const choices = new Map();
  let keptAnswers = 0;
  /** By entry key: when the last request began that Next answered without a fresh entry (MISS, STALE). */
  const madeSince = new LRUCache({ max: 10_000 });
  /** By entry key: when a request for a stale kept copy may next go to Next. */
  const refreshAfter = new LRUCache({ max: 10_000 });
  // Brotli at compression's own quality (4) with a 256 kB window instead of zlib's 4 MB: a streamed answer
  // (a CSV export of 100,000 voters) then holds about 1 MB of encoder state instead of about 10 MB, for
  // a file 1-2 % larger.
  const compressRest = compression({
    filter: (req, res) => !res[PRECOMPRESSED] && compression.filter(req, res),
    brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: STREAM_BROTLI_WINDOW_BITS } },
  });

  /** The request's entry key, found once per request (the kept answer and the compression both ask). */
  function keyOf(req) {
    return (req[KEY] ??= entryKey(req));
  }

  function entryKey(req) {
    // The server has already turned a public URL into its internal route (server/index.mjs).
    const path = (req.url ?? "/").split("?")[0];
    return [path, ...VARIANT_HEADERS.map((name) => req.headers[name] ?? "")].join("\n");
  }

  async function newVersion(key, body, encoding, type) {
    const bytes = typeof body === "string" ? Buffer.from(body, encoding) : body;
    compressions++;
    const zipped = await gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    const etag = `"${createHash("sha1").update(bytes).digest("base64url")}"`;
    const scriptHashes = type.startsWith("text/html") ? inlineScriptHashes(bytes.toString("utf8")) : null;
    const version = { body, bytes, gzip: zipped, etag, scriptHashes, size: bytes.length + zipped.length + key.length, madeAt: Date.now() };
    versions.set(key, version);
    return version;
  }

  /** The encodings a client accepts, best first (br, gzip, identity), from its Accept-Encoding. */
  function acceptedEncodings(req) {
    const header = req.headers["accept-encoding"] ?? "";
    let accepted = choices.get(header);
    if (!accepted) {
      accepted = new Negotiator(req).encodings(ENCODINGS, { preferred: ENCODINGS });
      if (choices.size >= CHOICES_MAX) choices.clear();
      choices.set(header, accepted);
    }
    return accepted;
  }

  /** The best encoding of `version` the client accepts (undefined: none, Next answers); may start its brotli copy. */
  function encodingFor(req, key, version) {
    const accepted = acceptedEncodings(req);
    for (const encoding of accepted) {
      if (encoding !== "br") return encoding;
      if (version.br) return "br";
      if (version.br === undefined) startBrotli(key, version);
    }
    return undefined;
  }

  /** Makes the brotli copy of a version that has been current long enough, when no other is being made. */
  function startBrotli(key, version) {
    if (brotliBusy || Date.now() - version.madeAt < brotliAfterMs) return;
    brotliBusy = true;
    version.br = null;
    brotliCompressions++;
    brotli(version.bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: version.bytes.length,
      },
    }).then(
      (compressed) => {
        brotliBusy = false;
        // Kept only when smaller than the gzip; the version's size grows by it (set again, if still current).
        if (compressed.length >= version.gzip.length) return;
        version.br = compressed;
        version.size += compressed.length;
        if (versions.peek(key) === version) versions.set(key, version);
      },
      () => {
        brotliBusy = false;
      },
    );
  }

  /** @returns {Version | Promise<Version>} */
  function versionOf(key, body, encoding, type) {
    const known = versions.get(key);
    if (known && sameBody(known.body, body)) return known;
    const pending = compressing.get(key);
    if (pending && sameBody(pending.body, body)) return pending.promise;
    const promise = newVersion(key, body, encoding, type).finally(() => {
      if (compressing.get(key)?.promise === promise) compressing.delete(key);
    });
    compressing.set(key, { body, promise });
    return promise;
  }

  /** @param {"br" | "gzip" | "identity"} encoding */
  function send(req, res, end, version, encoding, callback) {
    res[PRECOMPRESSED] = true;
    vary(res, "Accept-Encoding");
    res.setHeader("ETag", version.etag);
    const policy = res.getHeader("Content-Security-Policy");
    if (version.scriptHashes?.length && typeof policy === "string") {
      // The route's policy is the same on every answer: rewritten once per version.
      if (version.policy?.from !== policy) version.policy = { from: policy, to: withScriptHashes(policy, version.scriptHashes) };
      res.setHeader("Content-Security-Policy", version.policy.to);
    }
    if (fresh(req.headers, { etag: version.etag })) {
      res.statusCode = 304;
      for (const name of ["Content-Length", "Content-Type", "Content-Encoding"]) res.removeHeader(name);
      return end.call(res, undefined, undefined, callback);
    }
    if (encoding === "identity") {
      res.setHeader("Content-Length", version.bytes.length);
      return end.call(res, version.bytes, undefined, callback);
    }
    const bytes = encoding === "br" ? /** @type {Buffer} */ (version.br) : version.gzip;
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", bytes.length);
    return end.call(res, bytes, undefined, callback);
  }

  /**
   * Sets up compression of this response: call before handing the request to Next. A GET whose
   * answer is a cached page sent in one piece gets the kept brotli or gzip, or the kept bytes for a
   * client without either (Next would encode the page's string into bytes again: 12 % of the server's
   * CPU on `/`), or a 304; every other answer is compressed as it streams.
   */
  function compressResponse(req, res) {
    const key = keyOf(req);
    req[ASKED] = { key, at: Date.now(), revalidations: cacheEvents.revalidations, expirations: cacheEvents.expirations, since: madeSince.get(key) ?? builtAt };
    compressRest(req, res, () => {});
    if (req.method !== "GET") return;
    if (acceptedEncodings(req).length === 0) return;
    const end = res.end;
    res.end = function (chunk, encoding, callback) {
      if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
      const type = String(this.getHeader("Content-Type") ?? "");
      // Headers already sent means Next streamed this answer (a first render): nothing whole to keep.
      if (
        this.headersSent ||
        !(typeof chunk === "string" || Buffer.isBuffer(chunk)) ||
        this.statusCode !== 200 ||
        this.getHeader("Content-Encoding") ||
        !COMPRESSIBLE.test(type) ||
        !SHARED_CACHEABLE.test(String(this.getHeader("Cache-Control") ?? ""))
      ) {
        return end.call(this, chunk, encoding, callback);
      }
      const key = req[ASKED].key;
      const version = versionOf(key, chunk, encoding, type);
      if (!(version instanceof Promise)) {
        keepAnswer(req, this, version);
        return send(req, this, end, version, encodingFor(req, key, version) ?? "identity", callback);
      }
      version.then(
        (ready) => {
          keepAnswer(req, this, ready);
          send(req, this, end, ready, encodingFor(req, key, ready) ?? "identity", callback);
        },
        () => end.call(this, chunk, encoding, callback),
      );
      return this;
    };
  }

  /**
   * Next's cache verdict on a request (from its `x-nextjs-cache`, before the server drops it). Without
   * a fresh entry Next renders or refreshes the page, and the entry it makes now cannot predate this
   * request; without any entry (a MISS) the kept answer, if any, is dropped.
   */
  function heard(req, verdict) {
    const asked = req[ASKED];
    if (verdict === "hit" || !asked) return;
    madeSince.set(asked.key, asked.at);
    const version = versions.peek(asked.key);
    if (version && verdict !== "stale") version.kept = null;
  }

  /**
   * A HIT or STALE answer sent whole: its headers are kept with the version, for as long as Next would
   * send it: fresh (a HIT) until a revalidation or the end of its lifetime, a STALE copy as stale.
   */
  function keepAnswer(req, res, version) {
    const asked = req[ASKED];
    const verdict = String(res.getHeader("x-nextjs-cache") ?? "").toLowerCase();
    // A HIT of a page this server did not see being made, nor from a build it knows the time of, is not
    // kept at all (its age is unknown).
    const fresh = verdict === "hit" && asked.since !== undefined;
    if (!keeping() || !(fresh || verdict === "stale")) return;
    if (!isPlainPageRequest(req) || res.hasHeader("set-cookie")) return;
    const lifetime = Number(String(res.getHeader("Cache-Control") ?? "").match(S_MAXAGE)?.[1]);
    if (!(lifetime > 0)) return;
    /** @type {Kept["headers"]} */
    const headers = [];
    for (const name of res.getRawHeaderNames()) if (!PER_REQUEST.has(name.toLowerCase())) headers.push([name, /** @type {any} */ (res.getHeader(name))]);
    // A STALE copy is stale from the start: a count that matches nothing, a lifetime already over.
    version.kept = {
      revalidations: fresh ? asked.revalidations : -1,
      expirations: asked.expirations,
      until: fresh ? asked.since + lifetime * 1000 : 0,
      headers,
    };
  }

  /**
   * Answers the request from a kept answer of its page, before Next is asked (call after the server
   * mapped the public URL to its route): true when answered, false when Next must answer.
   */
  function serveKept(req, res) {
    if (!keeping() || req.method !== "GET" || !isPlainPageRequest(req)) return false;
    const key = keyOf(req);
    const version = versions.get(key);
    const kept = version?.kept;
    if (!kept || kept.expirations !== cacheEvents.expirations) return false;
    const now = Date.now();
    if ((kept.revalidations !== cacheEvents.revalidations || now >= kept.until) && now >= (refreshAfter.get(key) ?? 0)) {
      // Stale: this request goes to Next, which refreshes the page; the others meanwhile get this copy.
      refreshAfter.set(key, now + refreshEveryMs);
      return false;
    }
    const encoding = encodingFor(req, key, version);
    if (encoding === undefined) return false;
    for (const [name, value] of kept.headers) res.setHeader(name, value);
    keptAnswers++;
    send(req, res, res.end, version, encoding);
    return true;
  }

  return {
    compressResponse,
    serveKept,
    heard,
    stats: () => ({ entries: versions.size, compressions, kept: keptAnswers, brotli: brotliCompressions }),
  };
}

/** A browser's or a crawler's GET of a page: no RSC or prefetch variant, no revalidation or preview. */
function isPlainPageRequest(req) {
  for (const name of VARIANT_HEADERS) if (req.headers[name] !== undefined) return false;
  if (req.headers["x-prerender-revalidate"] !== undefined) return false;
  const cookie = req.headers.cookie;
  return !cookie || !(cookie.includes("__prerender_bypass") || cookie.includes("__next_preview_data"));
}

function sameBody(a, b) {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.length === b.length && a.equals(b);
}
