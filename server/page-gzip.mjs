// Response compression (Next's own is off: `compress: false`, `generateEtags: false` in next.config.mjs).
//
// A page from Next's cache is the same bytes for every visitor until it is refreshed, yet Next would
// gzip it again for each request and hash it in JavaScript for its ETag. Here a cached answer
// (`s-maxage`) sent whole is gzipped once per version, on libuv's thread pool rather than the event
// loop: the last version of each cache entry is kept with its gzip, ETag and inline-script hashes, and
// a request whose body is the same string (one memcmp) reuses them, gzipped or, for a client without
// gzip, as the kept bytes (Next would encode the string again). Versions are keyed by the page's
// cache entry (the internal route the server mapped the public URL to, and the RSC variant), never by the raw URL, so
// a cache-busting query string (`/?r=123`) costs no more than `/` and pushes nothing out.
// Anything else (streamed pages, dashboards, API answers, static files) goes through `compression`,
// the Express middleware Next itself bundles.
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import compression from "compression";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import vary from "vary";
import { inlineScriptHashes, withScriptHashes } from "./csp-hashes.mjs";

const gzip = promisify(zlib.gzip);
const PRECOMPRESSED = Symbol("precompressed");
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|javascript)|image\/svg\+xml)/;
const SHARED_CACHEABLE = /(^|,)\s*s-maxage=/;
// The request headers Next varies a page's answer on (HTML, RSC payload, prefetches).
const VARIANT_HEADERS = ["rsc", "next-router-prefetch", "next-router-segment-prefetch", "next-router-state-tree"];

/** @typedef {{ body: string | Buffer, bytes: Buffer, gzip: Buffer, etag: string, scriptHashes: string[] | null, policy?: { from: string, to: string }, size: number }} Version */

/**
 * @param {{ cacheMegabytes?: number }} [options]
 * @returns {{ compressResponse: (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void, stats: () => { entries: number, compressions: number } }}
 */
export function createPageGzip({ cacheMegabytes = 64 } = {}) {
  /** @type {LRUCache<string, Version>} */
  const versions = new LRUCache({ maxSize: cacheMegabytes * 1024 * 1024, sizeCalculation: (entry) => entry.size });
  /** Versions being compressed, so that simultaneous requests for a new version compress it once. */
  const compressing = new Map();
  let compressions = 0;
  const compressRest = compression({ filter: (req, res) => !res[PRECOMPRESSED] && compression.filter(req, res) });

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
    const version = { body, bytes, gzip: zipped, etag, scriptHashes, size: bytes.length + zipped.length + key.length };
    versions.set(key, version);
    return version;
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

  function send(req, res, end, version, gzipped, callback) {
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
    if (!gzipped) {
      res.setHeader("Content-Length", version.bytes.length);
      return end.call(res, version.bytes, undefined, callback);
    }
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", version.gzip.length);
    return end.call(res, version.gzip, undefined, callback);
  }

  /**
   * Sets up compression of this response: call before handing the request to Next. A GET whose
   * answer is a cached page sent in one piece gets the kept gzip, or the kept bytes for a client
   * without gzip (Next would encode the page's string into bytes again: 12 % of the server's CPU on
   * `/`), or a 304; every other answer is compressed as it streams.
   */
  function compressResponse(req, res) {
    compressRest(req, res, () => {});
    if (req.method !== "GET") return;
    const encoding = new Negotiator(req).encoding(["gzip", "identity"]);
    if (encoding !== "gzip" && encoding !== "identity") return;
    const gzipped = encoding === "gzip";
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
      const version = versionOf(entryKey(req), chunk, encoding, type);
      if (!(version instanceof Promise)) return send(req, this, end, version, gzipped, callback);
      version.then(
        (ready) => send(req, this, end, ready, gzipped, callback),
        () => end.call(this, chunk, encoding, callback),
      );
      return this;
    };
  }

  return { compressResponse, stats: () => ({ entries: versions.size, compressions }) };
}

function sameBody(a, b) {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.length === b.length && a.equals(b);
}
