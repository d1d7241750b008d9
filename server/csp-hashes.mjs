// Cached pages allow only their own inline scripts. Nonces would make every page per-request (the
// nonce must be in the HTML); hashes do not: a cached page's inline scripts (Next's bootstrap and its
// RSC payload chunks) are fixed bytes, hashed once per version of the page (server/page-gzip.mjs).
// With the hashes in script-src, CSP2+ browsers ignore 'unsafe-inline' there; 'self' still allows
// the chunks Next loads by <script src> ('strict-dynamic' would not: it ignores 'self').
import { createHash } from "node:crypto";

/**
 * The sha256 sources of a page's inline scripts. Data blocks (JSON-LD) are not scripts and need none.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(attributes) || /\stype=["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy with the page's inline scripts allowed by hash in script-src (kept as is if it has none).
 * @param {string} policy
 * @param {string[]} hashes
 */
export function withScriptHashes(policy, hashes) {
  return policy.replace(/(^|;\s*)script-src ([^;]*)/, (_, lead, sources) => `${lead}script-src ${sources} ${hashes.join(" ")}`.trimEnd());
}
