// npm run demo: build if needed, migrate and seed the embedded database, then serve on PORT (3000).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";

const port = process.env.PORT || "3000";
// The demo is served over plain http on localhost: saying so keeps its session cookies usable in
// every browser (Auth.js marks them Secure otherwise).
const env = { AUTH_URL: `http://localhost:${port}`, ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

if (!fs.existsSync(".next/BUILD_ID")) {
  console.log("Building the app (first run only)...");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
}
// Seeding migrates too; it runs before the server so only one process ever holds the database.
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "inherit", env });

const child = spawn(process.execPath, ["server/index.mjs"], { stdio: "inherit", env: { ...env, PORT: port } });
setTimeout(() => {
  console.log(`\n  OPINEX demo is running at http://localhost:${port}`);
  console.log('  Sign in with any demo account above; the password is "demo-password".\n');
}, 1500);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
