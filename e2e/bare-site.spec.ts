import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BARE_PORT, BARE_SIGN_INS_PER_MINUTE, E2E_PORT } from "../playwright.config";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm } from "./fixtures/accounts";
import { DEMO_PASSWORD, signInAs } from "./fixtures/session";

// The second e2e server (playwright.config.ts): the same build run as a site before its Stripe keys
// are set, with a site-wide budget of a few sign-ins per minute. Serial: the pricing checks sign in
// once before the storm spends that budget.
test.describe.configure({ mode: "serial" });
test.use({ baseURL: `http://localhost:${BARE_PORT}` });

const WITH_KEYS = `http://localhost:${E2E_PORT}`;
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
const NOT_AVAILABLE = "Payments are not available on this site yet, so the Extended plan cannot be bought right now.";

async function expectNoA11yViolations(page: Page) {
  const results = await analyzePage(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Where the pricing card and its Purchase button sit, once the viewer is known (the button is enabled). */
async function purchasePlace(page: Page, url: string) {
  await page.goto(url);
  const card = page.getByRole("region", { name: "Extended" });
  const purchase = card.getByRole("button", { name: "Purchase" });
  await expect(purchase).toBeEnabled();
  return { card: await card.boundingBox(), purchase: await purchase.boundingBox() };
}

/** Signs in through the credentials endpoint, waiting out a busy site (a retried run after the storm test). */
async function signInPatiently(request: APIRequestContext, email: string) {
  await expect
    .poll(async () => signInAs(request, email).then(() => "signed in", (error: Error) => error.message), { timeout: 90_000, intervals: [5_000] })
    .toBe("signed in");
}

for (const [name, viewport] of Object.entries(WIDTHS)) {
  test(`pricing without Stripe keys (${name}): signed out, Purchase asks to log in, in the same place as with keys`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const withKeys = await purchasePlace(page, `${WITH_KEYS}/pricing`);
    const withoutKeys = await purchasePlace(page, "/pricing");
    expect(withoutKeys).toEqual(withKeys);
    await expect(page.getByText(NOT_AVAILABLE)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Purchase" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: "Login First" })).toBeVisible();
    await expect(dialog).toContainText("Please login to purchase this item");
    await expectNoA11yViolations(page);
    await dialog.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpricing$/);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  });
}

test("pricing without Stripe keys: a signed-in user is told payments are not available yet, and Purchase stays where it was", async ({ page, browser }) => {
  await signInPatiently(page.request, "user@demo.test");
  for (const [name, viewport] of Object.entries(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto("/pricing");
    const card = page.getByRole("region", { name: "Extended" });
    const purchase = card.getByRole("button", { name: "Purchase" });
    await expect(card.getByRole("status")).toHaveText(NOT_AVAILABLE);
    await expect(purchase).toBeDisabled();
    await expect(purchase).toHaveAccessibleDescription(NOT_AVAILABLE);
    await expect(card.getByRole("link", { name: "Purchase" })).toHaveCount(0);
    await expectNoA11yViolations(page);

    // The same card and the same button position as a signed-out visitor sees.
    const visitor = await browser.newPage({ baseURL: `http://localhost:${BARE_PORT}`, viewport });
    const signedOut = await purchasePlace(visitor, "/pricing");
    await visitor.close();
    expect(await purchase.boundingBox(), name).toEqual(signedOut.purchase);
    const box = (await card.boundingBox())!;
    expect({ x: box.x, y: box.y, width: box.width }, name).toEqual({ x: signedOut.card!.x, y: signedOut.card!.y, width: signedOut.card!.width });
  }
});

test("a storm of sign-ins: the login form shows the server's 503 message, keeps what was typed, and counts down to a retry", async ({ page, request }) => {
  // Wrong passwords for unknown emails, each from its own address, until the whole site is busy.
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  let busy: { status: number; retryAfter?: string; message?: string } | undefined;
  for (let i = 0; i < BARE_SIGN_INS_PER_MINUTE + 5 && !busy; i++) {
    const response = await request.post("/api/auth/callback/credentials", {
      headers: { "x-forwarded-for": `198.51.100.${100 + i}`, "x-auth-return-redirect": "1" },
      form: { email: `storm-${i}@e2e.test`, password: "not-the-password", csrfToken, callbackUrl: "/" },
      maxRedirects: 0,
    });
    if (response.status() === 503) {
      busy = { status: 503, retryAfter: response.headers()["retry-after"], message: (await response.json()).error?.message };
    }
  }
  expect(busy).toMatchObject({ status: 503, message: "Too many sign-ins right now. Please try again in a moment." });
  const seconds = Number(busy!.retryAfter);
  expect(seconds).toBeGreaterThan(0);

  // The page's own clock, moved on by the test: the countdown is waited out a second at a time without
  // the test waiting those seconds (the server's Retry-After is what the page counts down from).
  await page.clock.install();
  for (const viewport of Object.values(WIDTHS)) {
    await page.setViewportSize(viewport);
    await page.goto("/login");
    await logInWithForm(page, "user@demo.test", DEMO_PASSWORD);
    await expect(page.getByRole("alert").filter({ hasText: busy!.message! })).toBeVisible();
    await expect(page.getByTestId("login-failed")).toHaveCount(0);
    await expect(page.getByLabel("Email address")).toHaveValue("user@demo.test");
    await expect(page.getByLabel("Password")).toHaveValue(DEMO_PASSWORD);
    const submit = page.locator('form[aria-label="Login"] button[type="submit"]');
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveText(/^Try again in \d+ s$/);
    expect(Number(/\d+/.exec((await submit.textContent())!)![0])).toBeLessThanOrEqual(seconds);
    await expectNoA11yViolations(page);
    // After the time the server gave, Sign in is back, with the form as it was: the page's clock
    // stopped, then moved on a second at a time, the button counts down to it, and not before.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
    for (let left = Number(/\d+/.exec((await submit.textContent())!)![0]); left > 0; left--) {
      await expect(submit).toHaveText(`Try again in ${left} s`);
      await expect(submit).toBeDisabled();
      await page.clock.runFor(1_000);
    }
    await expect(submit).toBeEnabled();
    await page.clock.resume();
    await expect(submit).toHaveText("Sign in");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Email address")).toHaveValue("user@demo.test");
  }
  expect(page.url()).toBe(`http://localhost:${BARE_PORT}/login`);
});
