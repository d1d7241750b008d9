// Passkeys, as a person uses them, with Chromium's virtual authenticator standing in for the device: add
// one on the account page, rename it, sign out, sign in with it from the login page's button (then from
// the email field's autofill), find that sign-in among the sessions, remove the passkey; afterwards the
// device still offers it and the login page says it is not recognised, once. Each run registers a fresh
// account. What the passkeys do does not depend on the width: the journey runs once, at a desktop's
// width, and each of its pages is checked at a phone's width too (one load for both: axe, and the
// controls the journey presses shown there); one of its sign-outs goes through the phone menu.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { logInWithForm, newPerson, registerThroughApi } from "./fixtures/accounts";
import { addVirtualAuthenticator } from "./fixtures/webauthn";
import { openPhoneMenu } from "./fixtures/navigation";
import { atBothWidths, DESKTOP, layOutAt, PHONE } from "./fixtures/widths";

// Its own client address: the registration and passkey limits count per client.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.84" } });

async function expectNoAxeViolations(page: Page) {
  const axe = await analyzePage(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** axe at both widths, and the controls the journey presses next shown at each. */
async function checkAtBothWidths(page: Page, ...controls: Locator[]) {
  await atBothWidths(page, async () => {
    await expectNoAxeViolations(page);
    for (const control of controls) await expect(control).toBeVisible();
  });
}

/** Log Out from the navigation bar: the account area, or at a phone's width the menu (then back to the desktop's). */
async function logOut(page: Page, phone: boolean) {
  if (phone) {
    await layOutAt(page, PHONE);
    const menu = await openPhoneMenu(page);
    await menu.getByRole("button", { name: "Log Out" }).click();
  } else {
    await page.getByTestId("desktop-account").getByRole("button", { name: "Log Out" }).click();
  }
  await expect(page.getByText("You have been signed out")).toBeVisible();
  await expect.poll(async () => (await (await page.request.get("/api/me")).json()).user).toBeNull();
  if (phone) await layOutAt(page, DESKTOP);
}

/** Presses the login page's passkey button once the page's script has run. */
async function signInWithPasskeyButton(page: Page) {
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toBeVisible();
  await page.waitForFunction((el) => !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$")), await button.elementHandle());
  await button.click();
}

test(`passkeys, at a desktop's width and a phone's: add, rename, sign in with it, see the session, remove it`, async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const authenticator = await addVirtualAuthenticator(page);
  const person = newPerson("Passkey");
  await registerThroughApi(page.request, person);
  await page.goto("/login");
  await logInWithForm(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);

  // ---- the account page: none yet
  await page.goto("/dashboard/account");
  const section = page.locator("section#passkeys");
  await expect(section.getByRole("heading", { level: 2, name: "Passkeys" })).toBeVisible();
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  await checkAtBothWidths(page, section.getByRole("button", { name: "Add a passkey" }));

  // ---- add one: the device makes it, the page lists it with a name of its own
  await section.getByRole("button", { name: "Add a passkey" }).click();
  const items = section.getByTestId("passkey");
  await expect(items).toHaveCount(1);
  await expect(items.first().getByTestId("passkey-name")).toContainText(/^Passkey on [^(]+ \(\w{3} \d{1,2}, \d{4}\)/);
  await expect(items.first()).toContainText("Not used yet");
  await expect(page.getByText("Passkey added")).toBeVisible();
  const held = await authenticator.credentials();
  expect(held).toHaveLength(1);
  expect(held[0].isResidentCredential).toBe(true);
  expect(held[0].rpId).toBe("localhost");

  // ---- rename it: an empty name is refused on its field, then a real one is saved
  const laptop = "Work laptop";
  await items.first().getByRole("button", { name: /^Rename / }).click();
  const nameField = section.getByLabel("Name of this passkey");
  await nameField.fill("   ");
  await section.getByRole("button", { name: "Save", exact: true }).click();
  await expect(section.getByRole("alert")).toHaveText("Give the passkey a name");
  await nameField.fill(laptop);
  await section.getByRole("button", { name: "Save", exact: true }).click();
  await expect(items.first().getByTestId("passkey-name")).toContainText(laptop);
  await expect(nameField).toHaveCount(0);
  await checkAtBothWidths(page, items.first().getByRole("button", { name: /^Rename / }), items.first().getByRole("button", { name: `Remove ${laptop}` }));
  // Kept by the server, not only on the page.
  expect((await (await page.request.get("/api/me/passkeys")).json()).passkeys).toMatchObject([{ name: laptop, lastUsedAt: null }]);

  // ---- sign out, then in again with the passkey, from the button
  await logOut(page, false);
  await authenticator.autofill(false);
  await page.goto("/login?callbackUrl=%2Fdashboard%2Faccount");
  // Every text of the login page is still there, with the passkey's way in beside them.
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Login with Google" })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("autocomplete", "username webauthn");
  await checkAtBothWidths(page, page.getByRole("button", { name: "Sign in with a passkey" }));
  await signInWithPasskeyButton(page);
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(person.email);

  // ---- the passkey's sign-in is a session like any other; the passkey was just used
  const sessions = page.getByTestId("session");
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText("This device");
  await expect(items.first()).toContainText("Last used just now");
  expect((await authenticator.credentials())[0].signCount).toBeGreaterThanOrEqual(1);

  // ---- and from the email field's autofill: the login page's waiting request signs in by itself
  await logOut(page, true);
  await authenticator.autofill(true);
  await page.goto("/login?callbackUrl=%2Fdashboard%2Faccount");
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  expect((await (await page.request.get("/api/me")).json()).user.email).toBe(person.email);
  await expect(sessions).toHaveCount(1);
  await expect(sessions.first()).toContainText("This device");

  // ---- remove it, after the confirmation
  await items.first().getByRole("button", { name: `Remove ${laptop}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Remove this passkey?");
  await checkAtBothWidths(page, dialog.getByRole("button", { name: "Remove passkey" }));
  await dialog.getByRole("button", { name: "Remove passkey" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(section.getByText("You have no passkeys yet.")).toBeVisible();
  expect((await (await page.request.get("/api/me/passkeys")).json()).passkeys).toEqual([]);

  // ---- the device still offers it, and the login page says it is not recognised
  await logOut(page, false);
  await authenticator.autofill(false);
  await page.goto("/login");
  await signInWithPasskeyButton(page);
  await expect(page.getByTestId("passkey-error")).toHaveText("This passkey was not recognised. Sign in with your password, then add it again on your account page.");
  await expect(page).toHaveURL(/\/login/);
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
  await checkAtBothWidths(page, page.getByTestId("passkey-error"));
  // From the autofill too, and only once: a refused passkey is not offered again by itself.
  let asked = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/passkeys/sign-in-options")) asked++;
  });
  await authenticator.autofill(true);
  await page.reload();
  await expect(page.getByTestId("passkey-error")).toHaveText(/^This passkey was not recognised\./);
  await page.waitForTimeout(1_500);
  expect(asked).toBe(1);
  await authenticator.remove();
});
