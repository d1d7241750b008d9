// Two-step sign-in, as admins use it: an authenticator app set up on the account page (the test reads
// the key the page shows and computes the app's codes with otplib), its recovery codes, signing in with
// password and code (a wrong code refused, a recovery code accepted once), the step-up dialog when
// making someone an admin from a session that has not proved its second factor; and a passkey as the
// second factor: its recovery codes after a step-up with the passkey, then signing in with password and
// passkey through Chromium's virtual authenticator; and a Google sign-in's second step (its ticket, once).
// Fresh people each run, promoted by the demo admin
// through the API; one width (1280) but for one check at 390 px of the account section and the login's
// second step.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { generate } from "otplib";
import { logInWithForm, newPerson, registerThroughApi } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { signInWithGoogleAs } from "./fixtures/google";
import { signInAs } from "./fixtures/session";
import { addVirtualAuthenticator } from "./fixtures/webauthn";

// Its own client address: the sign-in and second-factor limits count per client and per account.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.93" }, viewport: { width: 1280, height: 800 } });

const WRONG_CODE = "That code did not work. Try the newest code from your app, or a recovery code.";
const CODE_LABEL = "Code from your authenticator app, or a recovery code";
const PERIOD = 30;

/** Makes `id` an admin, as the demo admin, through the API (the demo accounts keep their roles). */
async function promoteToAdmin(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, id: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAs(admin, "admin@demo.test");
  const change = await admin.post("/api/update_role", { data: { id, role: "admin" }, headers: { origin: baseURL } });
  expect(await change.json()).toEqual({ modifiedCount: 1 });
  await admin.dispose();
}

/**
 * The authenticator app of `secret`: each call answers the code of a later time step than the last
 * (the server takes each step once) that the server accepts now and still will in 3 s (one step of
 * drift either side), waiting for the clock only when the window is used up.
 */
function authenticatorApp(secret: string) {
  let last = -Infinity;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now() / 1000;
      const step = Math.max(last + 1, Math.floor((now + 3) / PERIOD) - 1);
      if (step <= Math.floor(now / PERIOD) + 1) {
        last = step;
        return generate({ secret, epoch: step * PERIOD, period: PERIOD, digits: 6, algorithm: "sha1" });
      }
      // Every step the server accepts now is spent: the next one opens with the next period.
      await new Promise((resolve) => setTimeout(resolve, (PERIOD - (now % PERIOD)) * 1000 + 100));
    }
  };
}

async function expectNoAxeViolations(page: Page) {
  const axe = await analyzePage(page);
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** Whether the page fits its width (no sideways scroll). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Waits until React has hydrated `button` (a click before that does nothing). */
async function hydrated(page: Page, name: string | RegExp) {
  const button = page.getByRole("button", { name, exact: typeof name === "string" });
  await expect(button).toBeVisible();
  await page.waitForFunction((el) => !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$")), await button.elementHandle());
  return button;
}

/** Signs out this browser (its cookies), without a page load. */
async function forget(page: Page) {
  await page.context().clearCookies();
  expect((await (await page.request.get("/api/me")).json()).user).toBeNull();
}

/** Auth.js's answer to a password sign-in with a code, through the API: the code in its redirect. */
async function apiSignInCode(request: APIRequestContext, email: string, password: string, code: string): Promise<string | null> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const response = await request.post("/api/auth/callback/credentials", { form: { email, password, code, csrfToken, callbackUrl: "/" }, maxRedirects: 0 });
  const location = response.headers()["location"] ?? "";
  return location.includes("error") ? (new URL(location, "http://x").searchParams.get("code") ?? "error") : null;
}

test("an admin sets up an authenticator app, confirms a role change with it, signs in with it, and with a recovery code once", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = newPerson("TotpAdmin");
  const promoted = newPerson("TotpPromoted");
  const [adminId] = await Promise.all([registerThroughApi(page.request, admin), registerThroughApi(page.request, promoted)]);
  await promoteToAdmin(playwright, baseURL!, adminId);

  // A browser signed in before the app is set up: its session never proved a second factor.
  const earlier = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.94" }, viewport: { width: 1280, height: 800 } });
  const earlierPage = await earlier.newPage();
  await signInAs(earlierPage, admin.email, admin.password);

  // ---- the account page, as the admin pages' guard sends there: the notice, then the setup
  await page.goto("/login");
  await logInWithForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard/account?setup=second-factor#second-factor");
  const section = page.locator("section#second-factor");
  await expect(section.getByRole("heading", { level: 2, name: "Two-step sign-in" })).toBeVisible();
  await expect(section.getByTestId("second-factor-notice")).toHaveText("Your role needs a second factor. Set one up to continue to the admin pages.");
  await (await hydrated(page, "Set up an authenticator app")).click();

  const enrolment = section.getByTestId("totp-enrolment");
  await expect(enrolment.getByTestId("totp-qr")).toBeVisible();
  await expect(enrolment.getByText("Can't scan? Enter this key")).toBeVisible();
  const shown = (await enrolment.getByTestId("totp-secret").textContent())!;
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const nextCode = authenticatorApp(shown.replace(/\s+/g, ""));
  const codeField = enrolment.getByLabel("6-digit code");
  await expect(codeField).toHaveAttribute("inputmode", "numeric");
  await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
  // The widest state of the section, on a phone: nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fitsWidth(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);

  await codeField.fill(await nextCode());
  await enrolment.getByRole("button", { name: "Confirm" }).click();

  // ---- the recovery codes, shown once: ten, downloadable, closed by "I have saved them"
  const shownCodes = section.getByTestId("recovery-code");
  await expect(shownCodes).toHaveCount(10);
  const recoveryCodes = (await shownCodes.allTextContents()).map((c) => c.trim());
  expect(recoveryCodes.every((c) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(c))).toBe(true);
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download (.txt)" }).click()]);
  expect(download.suggestedFilename()).toBe("opinex-recovery-codes.txt");
  const file = await readFile((await download.path())!, "utf8");
  for (const code of recoveryCodes) expect(file).toContain(code);
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(shownCodes).toHaveCount(0);
  await expect(section.getByTestId("totp-on")).toContainText(/Authenticator app: on since \w{3} \d{1,2}, \d{4}/);
  await expect(section.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left");
  await expect(section.getByTestId("second-factor-notice")).toHaveCount(0);
  expect((await (await page.request.get("/api/me")).json()).user.secondFactor).toMatchObject({ enabled: true });

  // ---- step-up: the earlier browser makes someone an admin, and is asked for the code in place
  await earlierPage.goto(`/dashboard/admin/users?q=${encodeURIComponent(promoted.email)}`);
  const row = earlierPage.getByRole("row").filter({ hasText: promoted.email });
  await row.getByLabel(`Role of ${promoted.email}`, { exact: true }).selectOption("admin");
  await (await hydrated(earlierPage, `Save the role of ${promoted.email}`)).click();
  const stepUp = earlierPage.getByRole("dialog", { name: "Confirm it's you" });
  await expect(stepUp).toBeVisible();
  await expectNoAxeViolations(earlierPage);
  await stepUp.getByLabel(CODE_LABEL).fill("000000");
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp.getByRole("alert")).toHaveText(WRONG_CODE);
  await stepUp.getByLabel(CODE_LABEL).fill(await nextCode());
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(stepUp).toHaveCount(0);
  // The change was sent again by itself, and made.
  await expect(earlierPage.getByText("Successfully changed the user role")).toBeVisible();
  const admins = (await (await earlierPage.request.get("/api/get_user?role=admin")).json()) as { _id?: string; email: string }[];
  expect(admins.map((a) => a.email)).toContain(promoted.email);
  await earlier.close();

  // ---- sign in again: password, then the second step in place (a wrong code refused, then the app's)
  await forget(page);
  await page.goto("/login");
  await logInWithForm(page, admin.email, admin.password);
  const step = page.getByTestId("second-factor-step");
  await expect(step).toContainText(`Signing in as ${admin.email}.`);
  await expect(page.getByLabel("Email address")).toHaveCount(0);
  await expect(step.getByRole("button", { name: "Use another account" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await fitsWidth(page)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoAxeViolations(page);
  await step.getByLabel(CODE_LABEL).fill("000000");
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step.getByRole("alert")).toHaveText(WRONG_CODE);
  await expect(step.getByLabel(CODE_LABEL)).toHaveValue("");
  await step.getByLabel(CODE_LABEL).fill(await nextCode());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);

  // ---- with a recovery code: once through the form, then refused a second time
  await forget(page);
  await page.goto("/login?callbackUrl=%2Fdashboard%2Faccount");
  await logInWithForm(page, admin.email, admin.password);
  await step.getByLabel(CODE_LABEL).fill(recoveryCodes[0].toUpperCase());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(section.getByTestId("recovery-codes-left")).toHaveText("9 recovery codes left");
  const current = page.getByTestId("session").filter({ hasText: "This device" });
  await expect(current.getByTestId("session-method")).toContainText("Password and recovery code");
  const sessions = (await (await page.request.get("/api/me/sessions")).json()).sessions as { signInMethod: string | null }[];
  expect(sessions.map((s) => s.signInMethod).sort()).toEqual(["password", "password", "password+recovery_code", "password+totp"]);
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": "198.51.100.95" } });
  expect(await apiSignInCode(api, admin.email, admin.password, recoveryCodes[0])).toBe("second_factor");
  await api.dispose();
});

test("an admin whose second factor is a passkey makes recovery codes after a step-up with it, then signs in with password and passkey", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const authenticator = await addVirtualAuthenticator(page);
  const admin = newPerson("PasskeyAdmin");
  await promoteToAdmin(playwright, baseURL!, await registerThroughApi(page.request, admin));
  await signInAs(page, admin.email, admin.password);

  // ---- a passkey added on the account page is the account's second factor
  await page.goto("/dashboard/account");
  await (await hydrated(page, "Add a passkey")).click();
  await expect(page.getByTestId("passkey")).toHaveCount(1);
  await page.reload();
  const section = page.locator("section#second-factor");
  await expect(section.getByTestId("passkey-only")).toContainText("Your passkey is your second step");

  // ---- recovery codes: this session has not proved it, so the passkey is asked first, in place
  await (await hydrated(page, "Create recovery codes")).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole("button", { name: "Use a passkey" }).click();
  await expect(stepUp).toHaveCount(0);
  await expect(section.getByTestId("recovery-code")).toHaveCount(10);
  await section.getByRole("button", { name: "I have saved them" }).click();

  // ---- sign in with the password, then the passkey (the email field's autofill off: the button asks)
  await forget(page);
  await authenticator.autofill(false);
  await page.goto("/login");
  await logInWithForm(page, admin.email, admin.password);
  const step = page.getByTestId("second-factor-step");
  await expect(step).toContainText(`Signing in as ${admin.email}.`);
  await step.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(page).toHaveURL(/\/$/);
  const sessions = (await (await page.request.get("/api/me/sessions")).json()).sessions as { signInMethod: string | null; current: boolean }[];
  expect(sessions.find((s) => s.current)?.signInMethod).toBe("password+passkey");
});

test("a Google sign-in of an account with an authenticator app asks for its code on the login page, with a ticket that works once", async ({ page, baseURL }) => {
  const email = `google-totp-${Date.now().toString(36)}@e2e.test`;
  await signInWithGoogleAs(page, email);
  await expect(page).toHaveURL(/\/$/);
  // The app set up through the API (the account page's own calls), to keep to one page here.
  const headers = { origin: baseURL! };
  const { secret } = await (await page.request.post("/api/me/second-factor/totp", { data: {}, headers })).json();
  const nextCode = authenticatorApp(secret);
  expect((await page.request.post("/api/me/second-factor/totp/confirm", { data: { code: await nextCode() }, headers })).status()).toBe(200);

  await forget(page);
  await signInWithGoogleAs(page, email, "/dashboard/account");
  await expect(page).toHaveURL(/\/login\?code=second_factor&ticket=[^&]+&callbackUrl=%2Fdashboard%2Faccount/);
  const ticketUrl = page.url();
  const step = page.getByTestId("second-factor-step");
  await expect(step).toContainText("Your Google account is confirmed.");
  // Only the second step: no password form, no other way in beside it.
  await expect(page.getByLabel("Password")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Login with Google" })).toHaveCount(0);
  await (await hydrated(page, "Verify")).isVisible();
  await step.getByLabel(CODE_LABEL).fill(await nextCode());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByTestId("session").filter({ hasText: "This device" }).getByTestId("session-method")).toContainText("Google and authenticator app");

  // The same ticket again: spent, so the page sends the person back to the start.
  await forget(page);
  await page.goto(ticketUrl);
  await (await hydrated(page, "Verify")).isVisible();
  await step.getByLabel(CODE_LABEL).fill(await nextCode());
  await step.getByRole("button", { name: "Verify" }).click();
  await expect(step.getByRole("alert")).toHaveText("That sign-in took too long. Sign in again.");
  await step.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Faccount$/);
  await expect(page.getByRole("button", { name: "Login with Google" })).toBeVisible();
});
