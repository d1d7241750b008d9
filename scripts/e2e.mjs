// npm run test:e2e: make sure Debian's Chromium is there, build for production, run Playwright.
// Arguments go to Playwright (`npm run test:e2e -- e2e/matrix.spec.ts`).
import { execFileSync } from "node:child_process";
import { ensureChromium } from "./e2e-chromium.mjs";

const run = (command, args) => execFileSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });

ensureChromium();
try {
  run("npx", ["next", "build"]);
  run("npx", ["playwright", "test", ...process.argv.slice(2)]);
} catch (error) {
  // The command's own output already says what failed.
  process.exit(error.status ?? 1);
}
