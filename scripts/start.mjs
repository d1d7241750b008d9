// npm start: serve the production build on PORT (default 3000).
import { spawn } from "node:child_process";

const port = process.env.PORT || "3000";
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", port], {
  stdio: "inherit",
  env: { NEXT_TELEMETRY_DISABLED: "1", AUTH_TRUST_HOST: "true", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
