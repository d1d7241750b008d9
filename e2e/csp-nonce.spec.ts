import { expect, test, type Page } from "@playwright/test";
import { logInWithForm } from "./fixtures/accounts";
import { useFakeStripeJs } from "./fixtures/fake-stripe-js";
import { signInAs } from "./fixtures/session";

// Pages rendered per request (the dashboards, the payment page, the sign-in forms) run under a policy with a fresh nonce and
// no 'unsafe-inline': every script Next renders carries the nonce, and nothing is refused.

const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "))!;

/** Records every Content-Security-Policy violation the page reports, from its first script on. */
async function watchViolations(page: Page) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return seen;
}

async function visitUnderNonce(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response!.status(), path).toBe(200);
  const script = scriptSrc(response!.headers()["content-security-policy"]);
  expect(script, path).not.toContain("'unsafe-inline'");
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(script)?.[1];
  expect(nonce, path).toBeTruthy();
  // Next put the nonce on its scripts (the browser hides the attribute's value from the DOM, not the property).
  const carried = await page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.nonce));
  expect(carried.length, path).toBeGreaterThan(0);
  expect(new Set(carried), path).toEqual(new Set([nonce]));
  return nonce!;
}

test("a surveyor's dashboard pages run with a fresh nonce each time and no 'unsafe-inline', with no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAs(page, "surveyor@demo.test");
  const first = await visitUnderNonce(page, "/dashboard/surveyor");
  await visitUnderNonce(page, "/dashboard/surveyor/surveys");
  await visitUnderNonce(page, "/dashboard/surveyor/create");
  // The inline scripts ran: they are what fills Next's flight data for hydration.
  expect(await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f))).toBe(true);
  expect(await visitUnderNonce(page, "/dashboard/surveyor")).not.toBe(first);
  expect(violations).toEqual([]);
});

test("the sign-in forms run with a nonce, and signing in still works", async ({ page }) => {
  const violations = await watchViolations(page);
  await visitUnderNonce(page, "/register");
  await visitUnderNonce(page, "/signup");
  await visitUnderNonce(page, "/login");
  await logInWithForm(page, "user@demo.test", "demo-password");
  await expect(page.getByText("Successfully logged in to your account")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test("the payment page runs with a nonce, Stripe.js allowed, and no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await useFakeStripeJs(page);
  await signInAs(page, "user@demo.test");
  await visitUnderNonce(page, "/payment");
  const response = await page.request.get("/payment");
  expect(scriptSrc(response.headers()["content-security-policy"])).toContain("https://js.stripe.com");
  expect(violations).toEqual([]);
});

test("cached public pages keep their policy: no nonce, their inline scripts allowed by hash", async ({ page }) => {
  const response = await page.goto("/about");
  const script = scriptSrc(response!.headers()["content-security-policy"]);
  expect(script).not.toContain("'nonce-");
  expect(script).toContain("'sha256-");
});
