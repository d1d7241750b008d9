// npm run demo: build if needed, migrate and seed the embedded database, start a mail catcher with a
// web inbox (maildev), then serve on PORT (3000) with the site's mail going to that inbox.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { MailDev } from "maildev";
import { SERVER_NODE_FLAGS } from "../server/node-flags.mjs";

const port = process.env.PORT || "3000";
const inboxPort = Number(process.env.DEMO_INBOX_PORT || 1080);
const smtpPort = Number(process.env.DEMO_SMTP_PORT || 1025);
// The demo is served over plain http on localhost: saying so keeps its session cookies usable in
// every browser (Auth.js marks them Secure otherwise).
const env = { AUTH_URL: `http://localhost:${port}`, ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

// Every mail the demo sends (verification links, password resets) lands in this inbox, unless an
// SMTP_URL of your own is set. Both listen on this machine only.
let inbox;
if (!env.SMTP_URL) {
  inbox = new MailDev({ smtp: smtpPort, web: inboxPort, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true, verbose: false });
  try {
    await inbox.start();
  } catch (error) {
    console.error(`The demo inbox could not start (${error.message}). Free ports ${smtpPort} and ${inboxPort}, or set DEMO_SMTP_PORT and DEMO_INBOX_PORT.`);
    process.exit(1);
  }
  env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  env.MAIL_FROM ??= "OPINEX demo <no-reply@opinex.localhost>";
}

if (!fs.existsSync(".next/BUILD_ID")) {
  console.log("Building the app (first run only)...");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
}
// Seeding migrates too; it runs before the server so only one process ever holds the database.
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "inherit", env });

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/index.mjs"], { stdio: "inherit", env: { ...env, PORT: port } });
setTimeout(() => {
  console.log(`\n  OPINEX demo is running at http://localhost:${port}`);
  console.log('  Sign in with any demo account above; the password is "demo-password".');
  if (inbox) console.log(`  Its mail (verification links, password resets) arrives in the inbox at http://localhost:${inboxPort}\n`);
}, 1500);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", async (code) => {
  await inbox?.stop().catch(() => {});
  process.exit(code ?? 0);
});
