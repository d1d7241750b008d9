// Debian's Chromium for Playwright: installed with apt-get when it is missing and the machine allows it.
import { execSync } from "node:child_process";
import fs from "node:fs";

export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package.");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  } else {
    console.error(`Chromium was not found at ${chromium}. Install Debian's chromium package (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
