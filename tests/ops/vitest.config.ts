import path from "node:path";
import { defineConfig } from "vitest/config";

// Production-server tests (npm run test:ops, from .ci/run after `npm test`): they start `npm start`
// servers from the existing build (.next) and need PostgreSQL (TEST_DATABASE_URL) and redis-server
// for the multi-server file; a file whose server is absent skips with a message.
const root = path.resolve(import.meta.dirname, "../..");
export default defineConfig({
  root,
  resolve: { alias: { "@": root, "server-only": path.join(root, "tests/server-only-stub.ts") } },
  test: {
    environment: "node",
    include: ["tests/ops/**/*.ops.ts"],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    fileParallelism: false,
  },
});
