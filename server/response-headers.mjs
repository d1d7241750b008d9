// Headers the server owns on every answer, however Next sets its own.
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
