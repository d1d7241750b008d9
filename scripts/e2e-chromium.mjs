// Debian's Chromium for Playwright: installed with apt-get when it is missing and the machine allows it.
//
// The end-to-end tests run in its headless shell (Debian's `chromium-headless-shell`: the same Blink
// and V8, built without the browser's window and its compositing), when it is there: on the whole suite
// the browser then takes about a third less CPU (docs/testing.md), which on a two-core machine is time
// the app server, the test runner and vitest beside them get back. Without it, the full `chromium`.
// CHROMIUM_PATH names another.
import { execSync } from "node:child_process";
import fs from "node:fs";

const SHELL = "/usr/bin/chromium-headless-shell";
const FULL = "/usr/bin/chromium";

/** The browser the end-to-end tests launch. */
export function e2eChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return fs.existsSync(SHELL) ? SHELL : FULL;
}

export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return;
    console.error(`CHROMIUM_PATH names ${process.env.CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
  const missing = [
    ...(fs.existsSync(SHELL) ? [] : ["chromium-headless-shell"]),
    // The full browser too: Lighthouse and the journeys bench drive it.
    ...(fs.existsSync(FULL) ? [] : ["chromium"]),
  ];
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log(`Installing Debian's ${missing.join(" and ")}.`);
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, { stdio: "inherit" });
    } catch (error) {
      if (!fs.existsSync(FULL) && !fs.existsSync(SHELL)) throw error;
      console.log(`Could not install ${missing.join(" and ")}: the tests use ${e2eChromium()}.`);
    }
  } else if (!fs.existsSync(FULL) && !fs.existsSync(SHELL)) {
    console.error("Chromium was not found. Install Debian's chromium-headless-shell (or chromium) package, or set CHROMIUM_PATH.");
    process.exit(1);
  }
}
