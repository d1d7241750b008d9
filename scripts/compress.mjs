// Response compression for `npm start` (Next's own is off: `compress: false` in next.config.ts).
//
// A page from Next's cache is the same bytes for every visitor until it is refreshed, yet Next gzips it
// again for each request and hashes it in JavaScript for its ETag (`generateEtags: false`). Here a
// cached answer (`s-maxage`) sent whole is gzipped once per version: the last body of each URL is kept
// with its gzip and ETag, and a request whose body is the same string (one memcmp) reuses them. Anything
// else (streamed pages, dashboards, API answers, static files) goes through `compression`, the
// Express middleware Next itself bundles, as before. The same once-per-version step puts the sha256 of
// each inline script of a cached HTML page into its script-src, so browsers drop 'unsafe-inline' there.
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import compression from "compression";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import vary from "vary";

const PRECOMPRESSED = Symbol("precompressed");
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|javascript)|image\/svg\+xml)/;
const SHARED_CACHEABLE = /(^|,)\s*s-maxage=/;
// The request headers Next varies a page's answer on (HTML, RSC payload, prefetches).
const VARIANT_HEADERS = ["rsc", "next-router-prefetch", "next-router-segment-prefetch", "next-router-state-tree"];

/** The last answer of each URL and variant: its body, gzip and ETag (bounded by bytes, least recently used out). */
const megabytes = Number(process.env.PRECOMPRESS_CACHE_MB);
const versions = new LRUCache({
  maxSize: (Number.isFinite(megabytes) && megabytes > 0 ? megabytes : 64) * 1024 * 1024,
  sizeCalculation: (entry) => entry.size,
});

const compressRest = compression({ filter: (req, res) => !res[PRECOMPRESSED] && compression.filter(req, res) });

function variantKey(req) {
  return [req.url, ...VARIANT_HEADERS.map((name) => req.headers[name] ?? "")].join("\n");
}

function sameBody(a, b) {
  if (typeof a === "string" || typeof b === "string") return a === b;
  return a.length === b.length && a.equals(b);
}

function versionOf(req, body, encoding, type) {
  const key = variantKey(req);
  const known = versions.get(key);
  if (known && sameBody(known.body, body)) return known;
  const bytes = typeof body === "string" ? Buffer.from(body, encoding) : body;
  const gzip = zlib.gzipSync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
  const etag = `"${createHash("sha1").update(bytes).digest("base64url")}"`;
  const scriptHashes = type.startsWith("text/html") ? inlineScriptHashes(bytes.toString("utf8")) : null;
  const version = { body, gzip, etag, scriptHashes, size: bytes.length + gzip.length + key.length };
  versions.set(key, version);
  return version;
}

/**
 * The sha256 sources of a page's inline scripts (Next's bootstrap and RSC payload chunks), which are
 * fixed bytes for a cached page: with them in `script-src`, CSP2+ browsers ignore 'unsafe-inline' and
 * run only these inline scripts. Data blocks (JSON-LD) are not scripts and need none.
 */
function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes) || /\stype=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy with the page's inline scripts allowed by hash in script-src (kept as is if it has none). */
function withScriptHashes(policy, hashes) {
  return policy.replace(/(^|;\s*)script-src ([^;]*)/, (_, lead, sources) => `${lead}script-src ${sources} ${hashes.join(" ")}`.trimEnd());
}

/**
 * Sets up compression of this response: call before handing the request to Next. A GET whose answer is
 * a cached page sent in one piece gets the kept gzip (or a 304); every other answer is compressed as
 * it streams.
 */
export function compressResponse(req, res) {
  compressRest(req, res, () => {});
  if (req.method !== "GET" || new Negotiator(req).encoding(["gzip", "identity"]) !== "gzip") return;
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
    const version = versionOf(req, chunk, encoding, type);
    this[PRECOMPRESSED] = true;
    vary(this, "Accept-Encoding");
    this.setHeader("ETag", version.etag);
    const policy = this.getHeader("Content-Security-Policy");
    if (version.scriptHashes?.length && typeof policy === "string") {
      // The route's policy is the same on every answer: rewritten once per version.
      if (version.policy?.from !== policy) version.policy = { from: policy, to: withScriptHashes(policy, version.scriptHashes) };
      this.setHeader("Content-Security-Policy", version.policy.to);
    }
    if (fresh(req.headers, { etag: version.etag })) {
      this.statusCode = 304;
      for (const name of ["Content-Length", "Content-Type", "Content-Encoding"]) this.removeHeader(name);
      return end.call(this, undefined, undefined, callback);
    }
    this.setHeader("Content-Encoding", "gzip");
    this.setHeader("Content-Length", version.gzip.length);
    return end.call(this, version.gzip, undefined, callback);
  };
}
