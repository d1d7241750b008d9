import { availableParallelism } from "node:os";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { e2eChromium } from "./scripts/e2e-chromium.mjs";

// End-to-end tests run against a production build on an embedded database seeded with demo data.
//
// Lanes: each one Playwright worker and its own app server on its own copy of the seeded database (and
// its own fake Stripe API). With two, they run side by side: each spec file belongs to one lane (LANE_2
// below, every other spec in lane 1) and runs alone against its lane's server, in the same order every
// run, so no spec sees another's writes in flight. Two lanes by default from four cores up: on two
// cores the browsers of two lanes fill both (axe and rendering are CPU work), the whole run gained 9 %
// and pages hydrated late enough to show races one lane never does (docs/testing.md). E2E_LANES=1 or 2
// chooses.
export const E2E_LANES = process.env.E2E_LANES ? (process.env.E2E_LANES === "2" ? 2 : 1) : availableParallelism() >= 4 ? 2 : 1;
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${E2E_PORT}`;
// Lane 2's app server and fake Stripe API: the ports of lane 1's plus this.
const LANE_OFFSET = 10;
// The specs of lane 2, chosen so the two lanes take about as long (docs/testing.md has the figures).
// The axe checks of every page (a11y-all.spec.ts, a fifth of the whole: one test per role, each page
// at both widths) are split by role: lane 1 signed out, the surveyor and the admin, lane 2 the user and
// the pro user (whose pages share the most markup, analysed once per lane).
const LANE_2 = [
  "a11y-all.spec.ts",
  "altcha.spec.ts",
  "auth.spec.ts",
  "live.spec.ts",
  "mail.spec.ts",
  "matrix.spec.ts",
  "results.spec.ts",
  "surveyor.spec.ts",
  "voting.spec.ts",
];
const A11Y_LANE_1 = /axe: no violations on any page, desktop and phone, (signed-out|surveyor|admin)$|every page of the app is in this spec/;
const A11Y_LANE_2 = /axe: no violations on any page, desktop and phone, (user|pro_user)$/;
// The local OpenID provider that stands in for Google (e2e/fixtures/google-provider.mjs).
export const OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT + 100);
// The fake Stripe API (e2e/fixtures/fake-stripe-api.mjs) the app's Stripe SDK talks to.
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? E2E_PORT + 200);
const STRIPE_WEBHOOK_SECRET = "whsec_e2e_only_0123456789abcdef";
// A second app server on the same build, as a site before its Stripe keys are set (the demo), with a
// site-wide sign-in budget of a few per minute so a storm of sign-ins is a handful of requests
// (e2e/bare-site.spec.ts). Its own database and in-memory page cache: nothing is shared with the first.
export const BARE_PORT = Number(process.env.E2E_BARE_PORT ?? E2E_PORT + 300);
export const BARE_SIGN_INS_PER_MINUTE = 4;
// The inbox (maildev, as in `npm run demo`): the first server's mail goes to its SMTP port, and the
// tests read it through its web API (e2e/fixtures/inbox.ts). The second server has no mail at all.
export const INBOX_SMTP_PORT = Number(process.env.E2E_INBOX_SMTP_PORT ?? E2E_PORT + 400);
export const INBOX_WEB_PORT = Number(process.env.E2E_INBOX_WEB_PORT ?? E2E_PORT + 401);
const AUTH_SECRET = "e2e-only-secret-not-used-anywhere-else-0123456789";

/** The app server of lane `lane` (0 or 1) and the fake Stripe API its Stripe SDK talks to. */
type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>[number];
function laneServers(lane: number): WebServer[] {
  const port = E2E_PORT + lane * LANE_OFFSET;
  const stripePort = STRIPE_PORT + lane * LANE_OFFSET;
  const url = `http://localhost:${port}`;
  return [
    {
      command: "node e2e/fixtures/fake-stripe-api.mjs",
      url: `http://localhost:${stripePort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_STRIPE_PORT: String(stripePort), WEBHOOK_URL: `${url}/api/stripe/webhook`, STRIPE_WEBHOOK_SECRET },
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${url}/api/me`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(port),
        DATA_DIR: lane === 0 ? ".data-e2e" : `.data-e2e-${lane + 1}`,
        // The first app server seeds the demo data once; each server starts on a copy of it.
        E2E_TEMPLATE: ".data-e2e-template",
        E2E_TEMPLATE_MAKE: lane === 0 ? "1" : "0",
        // A throwaway secret for the test server only.
        AUTH_SECRET,
        AUTH_URL: url,
        DATABASE_URL: "",
        AUTH_GOOGLE_ID: "opinex-e2e",
        AUTH_GOOGLE_SECRET: "opinex-e2e-secret",
        AUTH_GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
        // Stripe keys at run time only (the build has none), pointed at the fake Stripe API.
        STRIPE_SECRET_KEY: "sk_test_e2e_only",
        STRIPE_WEBHOOK_SECRET,
        NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_only",
        STRIPE_API_URL: `http://localhost:${stripePort}`,
        // The tests stand where a reverse proxy would: believe one X-Forwarded-For hop, so a spec can
        // give itself its own client address (the throttle specs).
        TRUSTED_PROXIES: "1",
        // Mail goes to the inbox (shared by the lanes: every spec reads only its own people's mail):
        // voting and reporting need a verified address here.
        SMTP_URL: `smtp://127.0.0.1:${INBOX_SMTP_PORT}`,
        MAIL_FROM: "OPINEX e2e <no-reply@opinex.localhost>",
      },
    },
  ];
}
const lanes = Array.from({ length: E2E_LANES }, (_, lane) => lane);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // One worker per lane (each project below allows one).
  workers: E2E_LANES,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      // Debian's Chromium headless shell, or its full Chromium (scripts/e2e-chromium.mjs).
      executablePath: e2eChromium(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    },
  },
  projects: lanes.map((lane) => ({
    name: E2E_LANES === 1 ? "chromium" : `lane ${lane + 1}`,
    workers: 1,
    ...(E2E_LANES === 1
      ? {}
      : lane === 0
        ? { testIgnore: LANE_2.filter((spec) => spec !== "a11y-all.spec.ts"), grepInvert: A11Y_LANE_2 }
        : { testMatch: LANE_2, grepInvert: A11Y_LANE_1 }),
    // The lane's own fake Stripe API, for the browser's calls to api.stripe.com (e2e/fixtures/fake-stripe-js.ts).
    metadata: { stripePort: STRIPE_PORT + lane * LANE_OFFSET },
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${E2E_PORT + lane * LANE_OFFSET}` },
  })),
  webServer: [
    {
      command: "node e2e/fixtures/google-provider.mjs",
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: "node e2e/fixtures/mail-inbox.mjs",
      url: `http://127.0.0.1:${INBOX_WEB_PORT}/api/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { INBOX_SMTP_PORT: String(INBOX_SMTP_PORT), INBOX_WEB_PORT: String(INBOX_WEB_PORT) },
    },
    ...lanes.flatMap(laneServers),
    {
      command: "node scripts/e2e-server.mjs",
      url: `http://localhost:${BARE_PORT}/api/me`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(BARE_PORT),
        DATA_DIR: ".data-e2e-bare",
        E2E_TEMPLATE: ".data-e2e-template",
        AUTH_SECRET,
        AUTH_URL: `http://localhost:${BARE_PORT}`,
        DATABASE_URL: "",
        AUTH_ATTEMPTS_PER_MINUTE: String(BARE_SIGN_INS_PER_MINUTE),
        TRUSTED_PROXIES: "1",
      },
    },
  ],
});
