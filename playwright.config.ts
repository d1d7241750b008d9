import { defineConfig, devices } from "@playwright/test";

// End-to-end tests run against a production build on an embedded database seeded with demo data.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${E2E_PORT}`;
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

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic"],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node e2e/fixtures/google-provider.mjs",
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { OIDC_PORT: String(OIDC_PORT) },
    },
    {
      command: "node e2e/fixtures/fake-stripe-api.mjs",
      url: `http://localhost:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { FAKE_STRIPE_PORT: String(STRIPE_PORT), WEBHOOK_URL: `${baseURL}/api/stripe/webhook`, STRIPE_WEBHOOK_SECRET },
    },
    {
      command: "node e2e/fixtures/mail-inbox.mjs",
      url: `http://127.0.0.1:${INBOX_WEB_PORT}/api/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { INBOX_SMTP_PORT: String(INBOX_SMTP_PORT), INBOX_WEB_PORT: String(INBOX_WEB_PORT) },
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${baseURL}/api/me`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(E2E_PORT),
        DATA_DIR: ".data-e2e",
        // A throwaway secret for the test server only.
        AUTH_SECRET,
        AUTH_URL: baseURL,
        DATABASE_URL: "",
        AUTH_GOOGLE_ID: "opinex-e2e",
        AUTH_GOOGLE_SECRET: "opinex-e2e-secret",
        AUTH_GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
        // Stripe keys at run time only (the build has none), pointed at the fake Stripe API.
        STRIPE_SECRET_KEY: "sk_test_e2e_only",
        STRIPE_WEBHOOK_SECRET,
        NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_only",
        STRIPE_API_URL: `http://localhost:${STRIPE_PORT}`,
        // The tests stand where a reverse proxy would: believe one X-Forwarded-For hop, so a spec can
        // give itself its own client address (the throttle specs).
        TRUSTED_PROXIES: "1",
        // Mail goes to the inbox above: voting and reporting need a verified address here.
        SMTP_URL: `smtp://127.0.0.1:${INBOX_SMTP_PORT}`,
        MAIL_FROM: "OPINEX e2e <no-reply@opinex.localhost>",
      },
    },
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
        AUTH_SECRET,
        AUTH_URL: `http://localhost:${BARE_PORT}`,
        DATABASE_URL: "",
        AUTH_ATTEMPTS_PER_MINUTE: String(BARE_SIGN_INS_PER_MINUTE),
        TRUSTED_PROXIES: "1",
      },
    },
  ],
});
