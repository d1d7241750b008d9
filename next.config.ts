import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const production = process.env.NODE_ENV === "production";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite ships WASM and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite", "sharp", "pg"],
  images: { unoptimized: true },
  // Keep rendered pages and cached data in Next's bounded in-memory store (50 MB, least recently used)
  // instead of flushing each to disk: every junk survey URL would otherwise leave a file behind.
  experimental: { isrFlushToDisk: false },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders({ production }) },
      // Only the payment page loads Stripe.js and its frames (a later entry overrides the same key).
      { source: "/payment", headers: securityHeaders({ production, stripe: true }) },
    ];
  },
};

export default nextConfig;
