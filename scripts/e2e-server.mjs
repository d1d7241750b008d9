// The server Playwright tests against: a fresh embedded database with demo data, then `next start`.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

const dataDir = process.env.DATA_DIR || ".data-e2e";
fs.rmSync(dataDir, { recursive: true, force: true });
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "inherit" });
const child = spawn(process.execPath, ["server/index.mjs"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
