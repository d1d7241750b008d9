// The response headers of every page and API answer (next.config.ts). Cached pages cannot carry a nonce
// (one HTML for everyone): their policy keeps 'unsafe-inline' and `npm start` adds the sha256 of each of
// their inline scripts (server/csp-hashes.mjs), which makes browsers ignore 'unsafe-inline' there. The
// pages rendered per request behind proxy.ts (dashboards, payment) get a policy with a fresh nonce instead.
/** @typedef {{ key: string; value: string }} Header */

const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = "https://js.stripe.com https://hooks.stripe.com";
const STRIPE_API = "https://api.stripe.com";
// The about and contact pages embed an OpenStreetMap map.
const MAP_FRAMES = "https://www.openstreetmap.org";

/**
 * With a `nonce` (pages rendered per request, from proxy.ts) inline scripts run only when they carry it,
 * which Next adds to every script it renders; without one (cached pages, the same HTML for everyone)
 * 'unsafe-inline' stays and the server adds the sha256 of each inline script (server/csp-hashes.mjs).
 * `frameable`: any site may frame it (the embeds only, /embed/survey/{id}).
 * @param {{ production: boolean; stripe: boolean; nonce?: string; frameable?: boolean }} options
 * @returns {string}
 */
export function contentSecurityPolicy({ production, stripe, nonce, frameable = false }) {
  const inline = nonce ? `'nonce-${nonce}'` : "'unsafe-inline'";
  /** @type {Record<string, string[]>} */
  const directives = {
    "default-src": ["'self'"],
    // React needs eval in development only (better error overlays and stack reconstruction).
    "script-src": ["'self'", inline, ...(production ? [] : ["'unsafe-eval'"]), ...(stripe ? [STRIPE_SCRIPT] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Google accounts bring their profile picture from googleusercontent.com.
    "img-src": ["'self'", "data:", "blob:", "https://*.googleusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...(stripe ? [STRIPE_API] : [])],
    "frame-src": stripe ? [STRIPE_FRAMES] : [MAP_FRAMES],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": [frameable ? "*" : "'none'"],
    "form-action": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * The headers of every answer. `csp: false` leaves Content-Security-Policy to the route itself (the
 * avatar route sends a stricter one of its own, which the global one must not replace). No HSTS here:
 * `npm start` (server/response-headers.mjs) adds it to answers that went over HTTPS only (TLS, or a trusted
 * proxy's X-Forwarded-Proto), since it means nothing over plain HTTP.
 * @param {{ production: boolean; stripe?: boolean; csp?: boolean; frameable?: boolean }} options
 * @returns {Header[]}
 */
export function securityHeaders({ production, stripe = false, csp = true, frameable = false }) {
  return [
    ...(csp ? [{ key: "Content-Security-Policy", value: contentSecurityPolicy({ production, stripe, frameable }) }] : []),
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // Older browsers read this instead of frame-ancestors; an embed simply sends none.
    ...(frameable ? [] : [{ key: "X-Frame-Options", value: "DENY" }]),
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(self)" },
  ];
}
