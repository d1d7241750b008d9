// npm run test:e2e: make sure Debian's Chromium is there, build for production, run Playwright.
import { execSync } from "node:child_process";
import fs from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const run = (command) => execSync(command, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });

if (!fs.existsSync(chromium)) {
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    run("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium");
  } else {
    console.error(`Chromium was not found at ${chromium}. Install Debian's chromium package (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}

run("npx next build");
run(`npx playwright test ${process.argv.slice(2).join(" ")}`);
