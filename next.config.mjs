// Plain JavaScript, not next.config.ts: Next compiles a TypeScript config with its compiler (SWC), which
// then stays loaded in the production server for good, about 25 MB of its memory.
import path from "node:path";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import { publicRewrites } from "./lib/public-rewrites.mjs";
import { securityHeaders } from "./lib/security-headers.mjs";

/** @typedef {import("next").NextConfig} NextConfig */

const production = process.env.NODE_ENV === "production";
// With REDIS_URL, every app server keeps Next's cache in one Redis (read when the server starts, so
// one build serves both setups). Without it, Next's own bounded in-memory store, as before.
const sharedCache = Boolean(process.env.REDIS_URL?.trim());

/** @type {NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // `npm start` compresses (server/page-gzip.mjs): a cached page is gzipped and hashed once per version
  // there, instead of once per request here.
  compress: false,
  generateEtags: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pg", "@redis/client", "prom-client"],
  images: { unoptimized: true },
  // Keep rendered pages and cached data in Next's bounded in-memory store (50 MB, least recently used)
  // instead of flushing each to disk: every junk survey URL would otherwise leave a file behind.
  experimental: { isrFlushToDisk: false },
  // Without Redis, Next's own store, through a handler that also counts its tag revalidations for the
  // server's kept pages (lib/cache/memory-cache-handler.mjs).
  cacheHandler: path.resolve(process.cwd(), "lib/cache/memory-cache-handler.mjs"),
  ...(sharedCache && {
    cacheHandler: path.resolve(process.cwd(), "lib/cache/cache-handler.mjs"),
    // No per-server copy in front of Redis: it would not hear the other servers' revalidations.
    cacheMaxMemorySize: 0,
  }),
  async headers() {
    return [
      // Every answer but the avatar route's, which sends its own, stricter policy (sandboxed images),
      // and the embeds', the only pages other sites may frame.
      // The server hands Next an embed as its internal route (/c/embed/..., lib/public-rewrites.mjs).
      { source: "/((?!api/avatars/|embed/|c/embed/).*)", headers: securityHeaders({ production }) },
      { source: "/embed/:path*", headers: securityHeaders({ production, frameable: true }) },
      { source: "/c/embed/:path*", headers: securityHeaders({ production, frameable: true }) },
      { source: "/api/avatars/:id", headers: securityHeaders({ production, csp: false }) },
      // Only the payment page loads Stripe.js and its frames (a later entry overrides the same key).
      { source: "/payment", headers: securityHeaders({ production, stripe: true }) },
    ];
  },
};

// Cached public pages behind their public URLs (lib/public-rewrites.mjs). In production the server
// hands Next their internal routes (server/index.mjs), which spares every request Next's walk through
// the rules; `next dev` has no such server, so there Next rewrites them itself.
/**
 * @param {string} phase
 * @returns {NextConfig}
 */
export default function config(phase) {
  if (phase !== PHASE_DEVELOPMENT_SERVER) return nextConfig;
  return { ...nextConfig, rewrites: async () => ({ beforeFiles: publicRewrites(), afterFiles: [], fallback: [] }) };
}
