// A server Playwright tests against: a fresh embedded database with demo data, then `next start`.
// The demo data is seeded once per run: the first server (E2E_TEMPLATE_MAKE=1) seeds it into the
// template folder E2E_TEMPLATE, and every server, that one included, starts on its own copy of it
// (Playwright starts its web servers one after another, in the order of playwright.config.ts).
// Without E2E_TEMPLATE, or before any template was made, a server seeds its own folder.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.DATA_DIR || ".data-e2e";
const template = process.env.E2E_TEMPLATE;
const seed = (dir) =>
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "inherit", env: { ...process.env, DATA_DIR: dir } });

fs.rmSync(dataDir, { recursive: true, force: true });
if (template && process.env.E2E_TEMPLATE_MAKE === "1") {
  fs.rmSync(template, { recursive: true, force: true });
  seed(template);
}
if (template && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
else seed(dataDir);
const child = spawn(process.execPath, ["server/index.mjs"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
