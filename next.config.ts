// Read by `next dev` and `next build` only. The production server (`npm start`) never loads this file:
// it hands Next the configuration the build serialised (server/next-config.mjs), since reading a
// TypeScript config means loading Next's compiler (SWC), about 25 MB that would stay in the server for good.
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import createNextIntlPlugin from "next-intl/plugin";
import { cacheHandlerConfig } from "./lib/cache/handler-choice.mjs";
import { devRewrites } from "./lib/i18n/dev-rewrites.mjs";
import { dedupeServerChunks } from "./scripts/dedupe-server-chunks.mjs";
import { securityHeaders } from "./lib/security-headers.mjs";

const production = process.env.NODE_ENV === "production";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The type check is `tsc --noEmit` (`npm test` runs it beside the build, CI on every commit): the build
  // does not run it a second time on the test suite's critical path.
  typescript: { ignoreBuildErrors: true },
  // `npm start` compresses (server/page-gzip.mjs): a cached page is gzipped and hashed once per version
  // there, instead of once per request here.
  compress: false,
  generateEtags: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pg", "@redis/client", "prom-client"],
  images: { unoptimized: true },
  // Keep rendered pages and cached data in Next's bounded in-memory store (50 MB, least recently used)
  // instead of flushing each to disk: every junk survey URL would otherwise leave a file behind.
  // Each route's code is loaded by its first request, not all of them when the server starts: a server
  // holds only the routes people use (the demo data's memory bench: 14 MB less at start, 5-8 MB less at
  // its peak), for a few milliseconds more on a route's first request.
  experimental: { isrFlushToDisk: false, preloadEntriesOnStart: false },
  // Redis shared by every server, or Next's own store per server (lib/cache/handler-choice.mjs); the
  // production server makes that choice again from its own REDIS_URL.
  ...cacheHandlerConfig({ redisUrl: process.env.REDIS_URL, dir: process.cwd() }),
  // Turbopack writes the same server chunk under one name per route; each copy the server loads would
  // stay in its memory (scripts/dedupe-server-chunks.mjs). Every build, however started, makes them one.
  compiler: {
    runAfterProductionCompile: async ({ projectDir }) => {
      const { chunks, duplicates, bytes } = await dedupeServerChunks(projectDir);
      console.log(`Server chunks: ${chunks}; ${duplicates} copies of another now load it (${Math.round(bytes / 1e3)} kB)`);
    },
  },
  async headers() {
    return [
      // Every answer but the avatar route's, which sends its own, stricter policy (sandboxed images),
      // and the embeds', the only pages other sites may frame.
      // The server hands Next an embed as its internal route (/c/embed/..., lib/public-rewrites.mjs).
      // Pages are handed to Next under their language's segment (/es/c/embed/..., lib/i18n/routing.mjs).
      { source: "/((?!api/avatars/|embed/|c/embed/|(?:en|es|de)/c/embed/|(?:en|es|de)/embed/).*)", headers: securityHeaders({ production }) },
      { source: "/embed/:path*", headers: securityHeaders({ production, frameable: true }) },
      { source: "/:locale(en|es|de)/embed/:path*", headers: securityHeaders({ production, frameable: true }) },
      { source: "/:locale(en|es|de)/c/embed/:path*", headers: securityHeaders({ production, frameable: true }) },
      { source: "/api/avatars/:id", headers: securityHeaders({ production, csp: false }) },
      // Only the payment page loads Stripe.js and its frames (a later entry overrides the same key).
      { source: "/payment", headers: securityHeaders({ production, stripe: true }) },
      { source: "/:locale(en|es|de)/payment", headers: securityHeaders({ production, stripe: true }) },
    ];
  },
};

// Cached public pages behind their public URLs (lib/public-rewrites.mjs). In production the server
// hands Next their internal routes (server/index.mjs), which spares every request Next's walk through
// the rules; `next dev` has no such server, so there Next rewrites them itself.
// next-intl's plugin names the request configuration (lib/i18n/request.ts) to the bundler, and
// compiles every message of messages/ at build time: the browser then formats them without the ICU
// parser (about 7 kB of gzipped JavaScript on every page that has a translated client component).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { format: "json", path: "./messages", locales: ["en", "es", "de"], sourceLocale: "en", precompile: true } },
});

export default function config(phase: string): NextConfig {
  if (phase !== PHASE_DEVELOPMENT_SERVER) return withNextIntl(nextConfig);
  return withNextIntl({ ...nextConfig, rewrites: async () => ({ beforeFiles: devRewrites(), afterFiles: [], fallback: [] }) });
}
