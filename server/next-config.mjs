// Next's configuration for the production server: the one `next build` serialised into
// .next/required-server-files.json (its `config`, defaults applied, functions such as `headers()`
// already turned into the build's route manifest), never next.config.ts. Reading a TypeScript config
// means loading Next's compiler (SWC, a native library of about 25 MB) at start-up, which then stays
// mapped in the server for good; Next's own standalone server avoids it the same way.
//
// Next 16's `next({ conf })` alone does not do it: for a custom server Next loads the configuration
// again on its own (router-server.js and the render server call loadConfig without `conf`), and finds
// next.config.ts. What makes every one of those calls use the serialised configuration is the variable
// the standalone server sets, `__NEXT_PRIVATE_STANDALONE_CONFIG` (server.js of `output: "standalone"`),
// so the server sets it too, before Next loads.
import fs from "node:fs";
import path from "node:path";
import { cacheHandlerConfig } from "../lib/cache/handler-choice.mjs";

/**
 * The build's configuration, with the cache handler chosen from this server's REDIS_URL (the build
 * made that choice from its own environment).
 * @param {string} dir the project folder (its `.next` holds the build)
 * @param {{ redisUrl?: string }} env
 * @returns {Record<string, unknown>}
 */
export function serialisedNextConfig(dir, { redisUrl }) {
  const file = path.join(dir, ".next", "required-server-files.json");
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`No production build in ${dir} (${error.code === "ENOENT" ? `${file} is missing` : error.message}): run \`npm run build\` first.`);
  }
  return { ...manifest.config, ...cacheHandlerConfig({ redisUrl, dir }) };
}

/**
 * Makes every configuration load of Next in this process return `config` (see above); returns it, for
 * `next({ conf })`.
 * @param {Record<string, unknown>} config
 */
export function pinNextConfig(config) {
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
  return config;
}
