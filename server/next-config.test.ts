// The production server hands Next the configuration the build serialised, and Next then loads no
// config file of its own (which would mean its compiler for next.config.ts: server/next-config.mjs).
// That rests on the variable Next's standalone server sets; this fails if a Next upgrade stops honouring it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { pinNextConfig, serialisedNextConfig } from "./next-config.mjs";

const require = createRequire(import.meta.url);
const { default: loadConfig } = require("next/dist/server/config.js") as { default: (phase: string, dir: string, opts?: object) => Promise<Record<string, unknown>> };

const folders: string[] = [];
const saved = process.env.__NEXT_PRIVATE_STANDALONE_CONFIG;
afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env.__NEXT_PRIVATE_STANDALONE_CONFIG;
  else process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = saved;
});

/** A project folder whose build serialised `config`, with a next.config.ts that must never be read. */
function project(config: object) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-next-config-"));
  folders.push(dir);
  fs.mkdirSync(path.join(dir, ".next"));
  fs.writeFileSync(path.join(dir, ".next", "required-server-files.json"), JSON.stringify({ version: 1, config }));
  fs.writeFileSync(path.join(dir, "next.config.ts"), 'throw new Error("next.config.ts was read");\n');
  return dir;
}

const built = { distDir: ".next", compress: false, poweredByHeader: false, cacheHandler: "../lib/cache/cache-handler.mjs", cacheMaxMemorySize: 0 };

describe("the production server's Next configuration", () => {
  it("is the build's, with the cache handler chosen from the server's own REDIS_URL", () => {
    const dir = project(built);
    expect(serialisedNextConfig(dir, { redisUrl: "" })).toEqual({
      ...built,
      cacheHandler: path.join(dir, "lib/cache/memory-cache-handler.mjs"),
      cacheMaxMemorySize: 50 * 1024 * 1024,
    });
    expect(serialisedNextConfig(dir, { redisUrl: "redis://cache:6379" })).toEqual({
      ...built,
      cacheHandler: path.join(dir, "lib/cache/cache-handler.mjs"),
      cacheMaxMemorySize: 0,
    });
  });

  it("says to build first when there is no build", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-next-config-"));
    folders.push(dir);
    expect(() => serialisedNextConfig(dir, {})).toThrow(/No production build in .*required-server-files\.json is missing.*npm run build/);
  });

  it("is what Next's own configuration loader returns once pinned, without reading next.config.ts", async () => {
    const dir = project(built);
    const config = pinNextConfig(serialisedNextConfig(dir, { redisUrl: "" }));
    expect(await loadConfig(PHASE_PRODUCTION_SERVER, dir, { silent: true })).toEqual(config);
  });
});
