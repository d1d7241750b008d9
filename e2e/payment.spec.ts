import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { newPerson, picture, verifyFromInbox, solvedAltcha } from "./fixtures/accounts";
import { openSurveyId } from "./fixtures/surveys";
import { CARDS, typeCard, useFakeStripeJs } from "./fixtures/fake-stripe-js";
import { signInAs } from "./fixtures/session";

// Each test pays as a fresh person (demo accounts keep their roles). The app's Stripe SDK talks to the
// fake Stripe API (playwright.config.ts), the browser loads the fake Stripe.js, and the fake API
// delivers signed webhooks to the app, so both fulfilment paths run.

const REFUND_RULE = "If your payment is refunded in full, your account returns to a regular user account and comments end.";

/**
 * A new account, registered as its own client: registrations are throttled per client address, and
 * the whole e2e run shares one machine, so each person comes from a distinct address (as the reverse
 * proxy in front of the app would report it in X-Forwarded-For).
 */
async function signUpFresh(page: Page, label: string) {
  const person = newPerson(label);
  const response = await page.request.post("/api/register", {
    multipart: { name: person.name, email: person.email, password: person.password, image: await picture(), altcha: await solvedAltcha(page.request) },
    headers: { "x-forwarded-for": `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1` },
  });
  expect(response.status(), await response.text()).toBe(201);
  await verifyFromInbox(page.request, person.email);
  await signInAs(page, person.email, person.password);
  return person;
}

async function myRole(page: Page): Promise<string | undefined> {
  const response = await page.request.get("/api/me");
  return ((await response.json()) as { user: { role: string } | null }).user?.role;
}

/** An open survey this viewer has not voted on yet. */
test("a user buys the Extended plan: Pricing → Purchase → card → back on / as pro_user, who can comment and sees the payment", async ({ page }) => {
  const stripeJs = await useFakeStripeJs(page);
  await signUpFresh(page, "Payer");
  const survey = await openSurveyId(page);
  await page.goto(`/survey/details/${survey}`);
  await expect(page.getByRole("form", { name: "Vote on this survey" })).toBeVisible();
  await expect(page.getByLabel("Comments")).toHaveCount(0);

  await page.goto("/pricing");
  await expect(page.getByText(REFUND_RULE)).toBeVisible();
  await page.getByRole("link", { name: "Purchase" }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole("heading", { name: "Payment", level: 1 })).toBeVisible();

  const pay = page.getByRole("button", { name: "Pay" });
  await expect(pay).toBeEnabled();
  // Stripe.js was loaded by this page, and by no page before it.
  expect(stripeJs.scripts).toEqual(["https://js.stripe.com/endive/stripe.js"]);
  // The postal code is hidden.
  await expect(page.getByLabel("ZIP")).toHaveCount(0);
  await typeCard(page, CARDS.succeeds);
  await pay.click();

  await expect(page.getByText("Your payment was successful")).toBeVisible();
  await expect(page.getByText("Successful!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // The navigation bar knows the new role without a reload.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/pro_user");
  expect(await myRole(page)).toBe("pro_user");

  await page.goto(`/survey/details/${survey}`);
  await expect(page.getByLabel("Comments")).toBeVisible();

  // Paying again is not offered.
  await page.goto("/payment");
  await expect(page.getByText("You already have the Extended plan.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay" })).toHaveCount(0);

  // The browser's save-payment and the webhook both ran: one payment, with Stripe's receipt.
  await page.goto("/dashboard/pro_user");
  await page.getByRole("link", { name: "Billing" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/pro_user\/billing$/);
  const rows = page.getByRole("table", { name: "Your payments" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText("$16.00");
  await expect(rows.nth(1)).toContainText("Paid");
  await expect(rows.nth(1).getByRole("link", { name: /View receipt/ })).toHaveAttribute("href", /\/receipts\/ch_/);
});

test("the page says 'Failed to initialize payment.' when the intent cannot be created; then axe, and a declined card shows the provider's message, and the role stays user", async ({ page }) => {
  await useFakeStripeJs(page);
  await signUpFresh(page, "Declined");
  // Our own API answering as it does when Stripe is unreachable: nothing is charged, no Pay button.
  await page.route("**/api/create-payment-intent", (route) =>
    route.fulfill({ status: 503, json: { error: { code: "service_unavailable", message: "The payment provider is not reachable right now. Please try again in a moment." } } }),
  );
  await page.goto("/payment");
  const alert = page.getByRole("alert").filter({ hasText: "Failed to initialize payment." });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("The payment provider is not reachable right now.");
  await expect(page.getByRole("button", { name: "Pay" })).toHaveCount(0);
  expect(await myRole(page)).toBe("user");

  // Stripe reachable again: the page, ready to pay, has no accessibility violations.
  await page.unroute("**/api/create-payment-intent");
  await page.reload();
  const pay = page.getByRole("button", { name: "Pay" });
  await expect(pay).toBeEnabled();
  const results = await analyzePage(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await typeCard(page, CARDS.declined);
  await pay.click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card was declined." })).toBeVisible();
  await expect(pay).toBeEnabled();
  expect(await myRole(page)).toBe("user");

  // An incomplete card is refused before anything is sent, with Stripe's own wording.
  await page.getByLabel("CVC").fill("");
  await pay.click();
  await expect(page.getByRole("alert").filter({ hasText: "Your card's security code is incomplete." })).toBeVisible();

  // The same person can still pay with another card on the same page (same intent).
  await typeCard(page, CARDS.succeeds);
  await pay.click();
  await expect(page.getByText("Your payment was successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await myRole(page)).toBe("pro_user");
});

test("when saving fails the person is told to contact support, and Stripe's webhook still upgrades them", async ({ page }) => {
  await useFakeStripeJs(page);
  await signUpFresh(page, "Unsaved");
  await page.route("**/api/save-payment", (route) => route.fulfill({ status: 500, json: { error: { code: "internal", message: "Something went wrong on our side" } } }));
  await page.goto("/payment");
  const pay = page.getByRole("button", { name: "Pay" });
  await expect(pay).toBeEnabled();
  await typeCard(page, CARDS.succeeds);
  await pay.click();
  await expect(page.getByText("Error!", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "There was an issue saving your payment data. Please contact support." })).toBeVisible();
  // Paid already: the button stays off, so no one pays twice.
  await expect(pay).toBeDisabled();
  await expect.poll(() => myRole(page), { timeout: 15_000 }).toBe("pro_user");
});

// Signed out, Purchase asks to log in first and /payment goes to the login page: e2e/public.spec.ts
// ("pricing: signed-out visitors are asked to log in first").
