// The journeys mail makes possible, with the real inbox (maildev, as in `npm run demo`): register,
// read the verification mail, verify, vote; forget a password and reset it from the mailed link.
// Registering runs at a desktop's and a phone's width; the reset and the change of address (whose steps
// do not depend on the width) at a desktop's, each of their pages also laid out at a phone's (one load
// for both: axe, and the controls pressed next shown there).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm, newPerson, registerThroughApi, registerWithForm } from "./fixtures/accounts";
import { linkIn, mailCount, mailTo } from "./fixtures/inbox";
import { signInAs } from "./fixtures/session";
import { openSurveyId } from "./fixtures/surveys";
import { atBothWidths } from "./fixtures/widths";

// The registration form is sent from the browser: this spec's own client address, so the throttle of
// registrations per address is not shared with the other specs.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.72" } });

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

/**
 * Presses the button of a mailed link's page until `outcome` is its heading: a click before the page's
 * script has run does nothing, and once pressed the button is gone (or disabled while it sends).
 */
async function pressUntil(page: Page, button: string, outcome: string) {
  const press = page.getByRole("button", { name: button });
  await expect(async () => {
    if ((await press.isVisible()) && (await press.isEnabled())) await press.click();
    await expect(page.getByRole("heading", { name: outcome })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

const me = async (page: Page) => (await (await page.request.get("/api/me")).json()).user as { email: string; emailVerified: unknown };

async function expectNoAxeViolations(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
}

/** axe on the open page at both widths, and the controls pressed next shown at each. */
async function checkAtBothWidths(page: Page, ...controls: Locator[]) {
  await atBothWidths(page, async () => {
    await expectNoAxeViolations(page);
    for (const control of controls) await expect(control).toBeVisible();
  });
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} width`, () => {
    test.use({ viewport });

    test("register, find the verification mail in the inbox, verify, then vote", async ({ page }) => {
      const person = newPerson(`Verifier ${name}`);
      await page.goto("/register");
      await registerWithForm(page, person);
      await expect(page.getByText("Your account created successfully")).toBeVisible();

      // Before verifying: the survey page says why there is no form, with the resend button.
      const survey = await openSurveyId(page);
      await page.goto(`/survey/details/${survey}`);
      const notice = page.getByRole("region", { name: "Verify your email address" });
      await expect(notice.getByText("Verify your email address to vote.")).toBeVisible();
      await expect(page.getByRole("form", { name: "Vote on this survey" })).toHaveCount(0);
      await expectNoAxeViolations(page);
      const refused = await page.request.put(`/api/vote/${survey}`, { data: { vote: "yes" } });
      expect(refused.status()).toBe(403);
      expect((await refused.json()).error).toMatchObject({ code: "email_unverified", message: "Verify your email address to vote." });

      await notice.getByRole("button", { name: "Resend the email" }).click();
      await expect(notice.getByText(`We sent a new link to ${person.email}.`)).toBeVisible();
      await expect.poll(() => mailCount(person.email), { timeout: 20_000 }).toBe(2);

      // The inbox's newest verification mail: opening its link (as a mail scanner does) only asks; the
      // page's button verifies the address.
      const mail = await mailTo(person.email, /Confirm your email address for OPINEX/);
      expect(mail.html).toContain("you received this mail because");
      await page.goto(linkIn(mail, "/verify-email"));
      await expect(page.getByRole("heading", { name: "Verify your email address" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Verify my email address" })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.reload();
      expect((await me(page)).emailVerified).toBeFalsy();
      // That mail was asked for on the survey's page: once verified, the page goes on to the survey.
      await expect(async () => {
        const press = page.getByRole("button", { name: "Verify my email address" });
        if ((await press.isVisible()) && (await press.isEnabled())) await press.click();
        await expect(page).toHaveURL(new RegExp(`/survey/details/${survey}$`), { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      expect((await me(page)).emailVerified).toBeTruthy();

      const form = page.getByRole("form", { name: "Vote on this survey" });
      await form.getByRole("radio", { name: "Yes" }).check();
      await form.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByText("Your vote counted successfully")).toBeVisible();

      // The same link again: used, and the address already verified.
      await page.goto(linkIn(mail, "/verify-email"));
      await pressUntil(page, "Verify my email address", "This link did not work");
      await expect(page.getByRole("alert").filter({ hasText: "This link was already used, and your email address is verified." })).toBeVisible();
    });
  });
}

test("forgot password: ask from the login page, open the mailed link, choose a new password, sign in with it", async ({ page, browser }) => {
  const person = newPerson("Forgetful");
  await registerThroughApi(page.request, person);
  // A second browser signed in before the reset: the reset ends its session.
  const other = await browser.newContext();
  await signInAs(other.request, person.email, person.password);
  expect((await (await other.request.get("/api/me")).json()).user?.email).toBe(person.email);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await checkAtBothWidths(page, page.getByLabel("Email address"), page.getByRole("button", { name: "Send the link" }));
  await page.getByLabel("Email address").fill(person.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("If an account uses this address, we sent it a link")).toBeVisible();

  const link = linkIn(await mailTo(person.email, /Reset your OPINEX password/), "/reset-password");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("New password, again").fill("a-brand-new-password");
  await checkAtBothWidths(page, page.getByRole("button", { name: "Set the new password" }));
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByText("Your password was changed. Sign in with the new one.")).toBeVisible();

  expect((await (await other.request.get("/api/me")).json()).user).toBeNull();
  await other.close();

  // The link works once: opened again, it says so at once, with the way to a new one, and no form.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "This link did not work" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "This reset link was already used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
  await checkAtBothWidths(page, page.getByRole("link", { name: "Ask for a new link" }));

  await page.goto("/login");
  await logInWithForm(page, person.email, "a-brand-new-password");
  await expect(page.getByText("Successfully logged in to your account")).toBeVisible();
});

test("an expired or forged verification link says so and offers a new mail", async ({ page }) => {
  await page.goto(`/verify-email?token=00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`);
  await pressUntil(page, "Verify my email address", "This link did not work");
  await expect(page.getByRole("alert").filter({ hasText: "This link is not valid." })).toBeVisible();
  await page.getByRole("button", { name: "Resend the email" }).click();
  // Signed out: login first.
  await expect(page.getByRole("status").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Login first, then ask for a new link.");
  await expectNoAxeViolations(page);
});

test("the demo accounts are verified: they vote without any mail", async ({ page }) => {
  await signInAs(page, "user@demo.test");
  const me = (await (await page.request.get("/api/me")).json()).user;
  expect(me).toMatchObject({ emailVerified: true, verificationRequired: true });
});

test("Manage Users shows who is verified, and an admin resends the verification mail", async ({ page, browser }) => {
  const person = newPerson("Unverified");
  const theirs = await browser.newContext();
  await registerThroughApi(theirs.request, person, { verify: false });
  await theirs.close();
  await signInAs(page, "admin@demo.test");
  await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(person.email)}`);
  await expect(page.getByRole("columnheader", { name: "Email verified" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: person.email });
  await expect(row.getByText("Not verified")).toBeVisible();
  await expect.poll(() => mailCount(person.email), { timeout: 20_000 }).toBe(1);
  const resend = row.getByRole("button", { name: `Resend the verification email to ${person.email}` });
  // A click before the page's script has run does nothing: click until the button says it sent.
  await expect(async () => {
    if (await resend.isEnabled()) await resend.click();
    await expect(resend).toHaveText("Sent", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText("A new verification link is on its way.")).toBeVisible();
  await expect.poll(() => mailCount(person.email), { timeout: 20_000 }).toBe(2);
  await page.goto("/dashboard/admin/users?q=user%40demo.test");
  await expect(page.getByRole("row").filter({ hasText: "user@demo.test" }).getByText("Verified", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("change the address from the account page, confirmed from the new inbox; turn an email off", async ({ page }) => {
  const person = newPerson("Mover");
  await registerThroughApi(page.request, person);
  await signInAs(page, person.email, person.password);
  await page.goto("/dashboard/account#email");
  const section = page.getByRole("region", { name: "Email address" });
  await expect(section.getByText("(verified)")).toBeVisible();
  const newEmail = `moved-${person.email}`;
  const form = section.getByRole("form", { name: "Change email address" });
  await form.getByLabel("New email address").fill(newEmail);
  await form.getByLabel("Your password").fill("not-my-password");
  await form.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();
  await form.getByLabel("Your password").fill(person.password);
  await form.getByRole("button", { name: "Send a confirmation link" }).click();
  await expect(form.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible();

  const notice = await mailTo(person.email, /is being changed/);
  expect(notice.text).toContain(newEmail);
  // Opening the new inbox's link changes nothing; the page's button does.
  await page.goto(linkIn(await mailTo(newEmail, /Confirm your new email address/), "/confirm-email"));
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  expect((await me(page)).email).toBe(person.email);
  await pressUntil(page, "Use this email address", "Your email address was changed");
  // The address is the account's now: signing in with it works (a change of address may end sessions).
  await signInAs(page, newEmail, person.password);
  expect((await me(page)).email).toBe(newEmail);

  await page.goto("/dashboard/account#mail");
  const preferences = page.getByRole("region", { name: "Email preferences" });
  const results = preferences.getByRole("checkbox", { name: /Results of surveys I asked about/ });
  await expect(results).toBeChecked();
  await expect(async () => {
    await results.uncheck();
    await expect(page.getByText("Your email preferences were saved.")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole("region", { name: "Email preferences" }).getByRole("checkbox", { name: /Results of surveys I asked about/ })).not.toBeChecked();
  await checkAtBothWidths(page, page.getByRole("region", { name: "Email preferences" }).getByRole("checkbox", { name: /Results of surveys I asked about/ }));
});
