// Headers the server owns on every answer, however Next sets its own, and the headers of next.config.ts
// for the answers the server makes itself (static files, live streams).
import { readFileSync } from "node:fs";
import path from "node:path";

export const HSTS = "max-age=63072000; includeSubDomains";
// How Next cached a page is none of the public's business (and makes the cache easy to probe).
const HIDDEN_HEADERS = ["x-nextjs-cache", "x-nextjs-prerender", "x-nextjs-stale-time", "x-nextjs-matched-path"];

function keep(name) {
  return !HIDDEN_HEADERS.includes(String(name).toLowerCase());
}

/**
 * Drops the hidden headers, and sends HSTS only over HTTPS: on plain HTTP it is meaningless, and
 * it would pin a host that serves no HTTPS.
 * `onCache` hears Next's cache verdict (HIT, STALE, MISS) before it is dropped.
 * @param {import("node:http").ServerResponse} res
 * @param {boolean} https
 * @param {(verdict: string) => void} [onCache]
 */
export function secureResponseHeaders(res, https, onCache) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    const last = rest.at(-1);
    const verdict = res.getHeader("x-nextjs-cache") ?? (last && typeof last === "object" && !Array.isArray(last) ? last["x-nextjs-cache"] : undefined);
    if (verdict && onCache) onCache(String(verdict).toLowerCase());
    for (const name of HIDDEN_HEADERS) res.removeHeader(name);
    if (last && typeof last === "object" && !Array.isArray(last)) {
      for (const key of Object.keys(last)) if (!keep(key)) delete last[key];
    } else if (Array.isArray(last)) {
      // [name, value, name, value, ...] or [[name, value], ...]
      const flat = Array.isArray(last[0]) ? last.flat() : last;
      const kept = [];
      for (let i = 0; i < flat.length; i += 2) if (keep(flat[i])) kept.push(flat[i], flat[i + 1]);
      rest[rest.length - 1] = kept;
    }
    if (https) res.setHeader("Strict-Transport-Security", HSTS);
    else res.removeHeader("Strict-Transport-Security");
    return writeHead.call(this, status, ...rest);
  };
}

/** The `headers()` rules of next.config.ts as the build wrote them (.next/routes-manifest.json). */
export function headerRules(dir) {
  try {
    // Read once at start, before the server listens.
    const manifest = JSON.parse(readFileSync(path.join(dir, ".next/routes-manifest.json"), "utf8"));
    return (manifest.headers ?? []).map((rule) => ({ regex: new RegExp(rule.regex), headers: rule.headers, conditional: Boolean(rule.has || rule.missing) }));
  } catch {
    return [];
  }
}

/**
 * The configured headers Next adds to an answer for `urlPath`: every rule that matches, a later one
 * replacing a header an earlier one set. Null when a matching rule depends on the request (`has`,
 * `missing`): such a file is left to Next.
 */
export function headersFor(rules, urlPath) {
  /** @type {Map<string, [string, string]>} */
  const headers = new Map();
  for (const rule of rules) {
    if (!rule.regex.test(urlPath)) continue;
    if (rule.conditional) return null;
    for (const { key, value } of rule.headers) headers.set(key.toLowerCase(), [key, value]);
  }
  return [...headers.values()];
}
