// The account page, as a person uses it, at desktop and phone widths: opened from the navigation
// bar, name, sessions (a second browser signed out from here), the data export, the password, and
// deleting the account. Each run registers a fresh account: the demo accounts are shared.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm, newPerson, registerThroughApi } from "./fixtures/accounts";
import { signInAs } from "./fixtures/session";
import { openPhoneMenu } from "./fixtures/navigation";
import { DESKTOP, layOutAt, PHONE } from "./fixtures/widths";

// Its own client address: the registration throttle (10 per address in 15 minutes) counts per address,
// and the other specs register from the default one.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.61" } });

async function expectAxeClean(page: Page) {
  const axe = await analyzePage(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

// One journey (what the page does does not depend on the width), at 1280 px; the page is also laid out
// at 390 px on the same load (e2e/fixtures/widths.ts): reached from the phone menu, named in the section
// bar, axe at both widths.
test("the account page, at 1280 and 390 px: name, sessions, export, password, then deleting the account", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const person = newPerson("Account");
  await registerThroughApi(page.request, person);
  await page.goto("/login");
  await logInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);

  // Opened from the navigation bar: at 390 px from the phone menu (the home page laid out again)...
  await layOutAt(page, PHONE);
  const menu = await openPhoneMenu(page);
  await menu.getByRole("link", { name: "Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const headings = page.locator("main section[id] > h2");
  await expect(headings).toHaveText(["Profile", "Email address", "Email preferences", "Password", "Passkeys", "Two-step sign-in", "Sessions", "Your data", "Delete account"]);
  // The page is named in the section bar on phones, in the sidebar on desktops.
  await expect(page.getByTestId("current-section")).toHaveText("Account");
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  // ...and at 1280 px from the account area, which links here.
  await layOutAt(page, DESKTOP);
  await expect(page.getByTestId("desktop-account").getByRole("link", { name: "Account" })).toHaveAttribute("href", "/dashboard/account");
  await expect(page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
  await expectAxeClean(page);

  // ---- name
  const newName = `Renamed ${person.name}`;
  const name = page.getByLabel("Name", { exact: true });
  await name.fill("");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.locator("#profile").getByRole("alert")).toHaveText("Name is required");
  await name.fill(newName);
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name was saved")).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user.name).toBe(newName);
  await expect(page.getByTestId("desktop-account")).toContainText(newName);

  // ---- sessions: a second browser signs in, and is signed out from here
  const second = await browser.newContext({ userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1" });
  await signInAs(second.request, person.email, person.password);
  expect((await (await second.request.get("/api/me")).json()).user.email).toBe(person.email);
  await page.reload();
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
  const other = sessions.filter({ hasText: "Safari 17 on iOS" });
  await expect(other).toContainText("Last active just now");
  // A click before the reloaded page's script has run does nothing: press until the page answers.
  const signOutOther = other.getByRole("button", { name: /^Sign out Safari/ });
  await expect(async () => {
    if (await signOutOther.isVisible()) await signOutOther.click();
    await expect(page.getByText("Signed out Safari 17 on iOS")).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("You are signed in on this device only.")).toBeVisible();
  expect((await (await second.request.get("/api/me")).json()).user).toBeNull();
  await second.close();

  // ---- the data export
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^opinex-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await file.path())!, "utf8"));
  expect(exported.account).toMatchObject({ email: person.email, name: newName, hasPassword: true });
  expect(exported.sessions.length).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(exported)).not.toMatch(/argon2|passwordHash/);

  // ---- password: a wrong current one is refused on its field; then changed
  const newPassword = `${person.password}-new`;
  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.locator("#password").getByRole("alert").filter({ hasText: "That is not your current password." })).toBeVisible();
  await page.getByLabel("Current password").fill(person.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password was changed")).toBeVisible();
  const checker = await browser.newContext();
  await expect(signInAs(checker.request, person.email, person.password)).rejects.toThrow(/failed/);
  await signInAs(checker.request, person.email, newPassword);
  await checker.close();
  // This browser is still signed in.
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(person.email);

  // ---- delete: a wrong password keeps the dialog open with the message; the right one deletes
  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("That is not your current password.");
  await dialog.getByLabel("Your password").fill(newPassword);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  await expect(page.getByTestId("desktop-account").getByRole("link", { name: "Login" })).toBeVisible();
  await page.goto("/login");
  await logInWithForm(page, person.email, newPassword);
  await expect(page.getByTestId("login-failed")).toContainText("That email and password do not match an account.");
});

test("a signed-out visit to the account page goes to login and back", async ({ page }) => {
  const person = newPerson("Accountback");
  await registerThroughApi(page.request, person);
  await page.goto("/dashboard/account");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Faccount$/);
  await logInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
});
