// npm run screenshots: the README's pictures (docs/images/home.png, docs/images/survey-results.png)
// taken from the production build (built first when there is none) on a throwaway embedded database
// seeded with the demo data, served by server/index.mjs on SCREENSHOTS_PORT (5513), in Debian's
// Chromium (CHROMIUM_PATH, /usr/bin/chromium) through playwright-core.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

const port = Number(process.env.SCREENSHOTS_PORT ?? 5513);
const base = `http://localhost:${port}`;
const outDir = path.join("docs", "images");
const SURVEYOR = "surveyor@demo.test";
const DEMO_PASSWORD = "demo-password";

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  DATABASE_URL: "",
  REDIS_URL: "",
  STRIPE_SECRET_KEY: "",
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "",
  AUTH_SECRET: randomBytes(32).toString("base64url"),
  AUTH_URL: base,
  PORT: String(port),
  LOG_LEVEL: "error",
};
if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("· building the app (no production build yet)...");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env });
}
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "opinex-screenshots-"));
env.DATA_DIR = dataDir;
console.error("· seeding a throwaway database...");
execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/seed.ts"], { stdio: "ignore", env });
const server = spawn(process.execPath, ["server/index.mjs"], { env, stdio: ["ignore", "ignore", "inherit"] });
let browser;

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

try {
  await waitFor(`${base}/api/health/ready`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  fs.mkdirSync(outDir, { recursive: true });

  // The home page as a signed-out visitor sees it (the first request generates the cached page).
  await page.request.get("/");
  await page.goto("/");
  await page.getByRole("link", { name: "Login" }).first().waitFor();
  await page.screenshot({ path: path.join(outDir, "home.png") });

  // A surveyor's results page for their survey with the most votes, chart shown.
  const { csrfToken } = await (await page.request.get("/api/auth/csrf")).json();
  const signIn = await page.request.post("/api/auth/callback/credentials", {
    form: { email: SURVEYOR, password: DEMO_PASSWORD, csrfToken, callbackUrl: "/" },
    maxRedirects: 0,
  });
  if (signIn.status() !== 302 || (signIn.headers().location ?? "").includes("error")) throw new Error(`sign-in failed: ${signIn.status()}`);
  const surveys = await (await page.request.get(`/api/surveys/${SURVEYOR}`)).json();
  const [survey] = [...surveys].sort((a, b) => b.yesCount + b.noCount - (a.yesCount + a.noCount));
  await page.goto(`/dashboard/surveyor/surveys/${survey._id}`);
  await page.getByRole("button", { name: "Show Chart" }).click();
  await page.locator("#survey-results-chart").waitFor();
  // "Votes over time" is a recharts chart loaded after the page: wait for its lines.
  await page.getByTestId("votes-over-time").locator("svg.recharts-surface path.recharts-curve").first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(1_000); // the chart's drawing animation
  // The figures, both charts and the first voters: the rest is more of the same table.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: path.join(outDir, "survey-results.png") });

  for (const name of ["home.png", "survey-results.png"]) console.log(`wrote ${path.join(outDir, name)}`);
} finally {
  await browser?.close();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
