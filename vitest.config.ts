import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // Next's "server-only" marker throws outside a React server bundle; tests are server code.
      "server-only": path.resolve(import.meta.dirname, "tests/server-only-stub.ts"),
      // Route handlers are called directly, outside Next's request store (see the stub).
      "next/cache": path.resolve(import.meta.dirname, "tests/next-cache-stub.ts"),
      // next-intl's server functions work only inside Next's server build (see the stub).
      "next-intl/server": path.resolve(import.meta.dirname, "tests/next-intl-server-stub.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    globalSetup: ["tests/global-db.ts"],
    setupFiles: ["tests/setup-db.ts"],
    // next-auth imports "next/server" and next-intl "next/navigation" without an extension; let Vite resolve them.
    server: { deps: { inline: ["next-auth", "next-intl"] } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: true,
    maxWorkers: 2,
  },
});
