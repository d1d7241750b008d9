// npm run screenshots: the README's pictures (docs/images/home.png, docs/images/survey-results.png)
// taken from the production build (built first when there is none) on a throwaway embedded database
// seeded with the demo data, served by `npm start` on SCREENSHOTS_PORT (5513), in Debian's
// Chromium (CHROMIUM_PATH, /usr/bin/chromium) through playwright-core.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { throwawayServer } from "./lib/throwaway-server.mjs";

const port = Number(process.env.SCREENSHOTS_PORT ?? 5513);
const outDir = path.join("docs", "images");
const SURVEYOR = "surveyor@demo.test";
const DEMO_PASSWORD = "demo-password";

if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("· building the app (no production build yet)...");
  execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
}
console.error("· seeding a throwaway database...");
// Without Stripe keys, as in the demo.
const server = throwawayServer({ name: "screenshots", port, env: { STRIPE_SECRET_KEY: "", NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "" } });
const base = server.base;
let browser;

try {
  await server.serve();
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
  await server.stop();
}
