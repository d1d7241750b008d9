// The proof-of-work widget (ALTCHA) on registration, contact and forgot-password: it solves in the
// browser from our own origin under the site's script policy, registration completes at desktop and
// phone width, it is usable with the keyboard alone, a form sent without a solved check says so and
// the widget can be used again, and axe finds nothing on the three pages.
import { expect, test, type Page } from "@playwright/test";
import { newPerson, picture } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { DESKTOP, layOutAt, PHONE } from "./fixtures/widths";

// Its label says what it is doing: "I'm not a robot", "Verifying...", then "Verified".
const robotCheck = (page: Page) => page.locator("altcha-widget").getByRole("checkbox");
/** axe's violations on the page, the map's frame (another site's document) left out. */
async function violations(page: Page) {
  return (await analyzePage(page, "iframe")).violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
async function expectSolved(page: Page) {
  await expect(robotCheck(page)).toBeChecked({ timeout: 20_000 });
  await expect(robotCheck(page)).toHaveAccessibleName("Verified");
}

/** The requests the page made to other origins, and the script-policy violations it reported. */
function watchOrigin(page: Page, origin: string) {
  const foreign: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return { foreign, violations };
}

test("registration at 1280 and 390 px: the robot check solves, axe finds nothing unsolved and solved, and the account is created", async ({ page, baseURL }) => {
  // One load: the form is filled and the check solved at 1280 px, then the page is laid out at 390 px
  // and sent from there (the widget's work does not depend on the width; its layout is CSS).
  await page.setViewportSize(DESKTOP);
  const watched = watchOrigin(page, new URL(baseURL!).origin);
  const person = newPerson("Altcha");
  await page.goto("/register");
  await expect(robotCheck(page)).toBeVisible();
  // axe, unsolved (solving starts when the form gets focus).
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Name").fill(person.name);
  await page.getByLabel("Email address").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByLabel("Profile Picture").setInputFiles(await picture());
  // Solving started when the form got focus; it ends ticked.
  await expectSolved(page);
  // axe, solved.
  expect(await violations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
  // Nothing wider than the screen on a phone; the form is sent from there.
  await layOutAt(page, PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expect(robotCheck(page)).toBeVisible();
  await expect(robotCheck(page)).toBeChecked();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/register") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Register", exact: true }).click(),
  ]);
  expect(response.status()).toBe(201);
  await expect(page.getByText("Your account created successfully")).toBeVisible();
  expect(watched.foreign).toEqual([]);
  expect(watched.violations).toEqual([]);
});

test("keyboard alone: Tab reaches the robot check, Space solves it, Enter sends the form", async ({ page }) => {
  // The check cannot load at first (no challenge): the form says so instead of sending.
  await page.route("**/api/altcha/challenge", (route) => route.abort());
  await page.goto("/forgot-password");
  await expect(robotCheck(page)).toHaveAccessibleName("I'm not a robot");
  await page.getByLabel("Email address").focus();
  await page.keyboard.type(`${newPerson("Keys").email}`);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "Please confirm you are not a robot" })).toBeVisible();
  await expect(page.getByText("If an account uses this address")).toHaveCount(0);

  // With the challenge reachable again: Tab to the check, Space, then Tab to the button and Enter.
  await page.unroute("**/api/altcha/challenge");
  await page.getByLabel("Email address").focus();
  await page.keyboard.press("Tab");
  await expect(robotCheck(page)).toBeFocused();
  if (!(await robotCheck(page).isChecked())) await page.keyboard.press("Space");
  await expectSolved(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send the link" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("If an account uses this address, we sent it a link")).toBeVisible();
});

test("a refused robot check resets the widget with a clear message, and the next try goes through", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  // axe, with the check unsolved (solving starts when the form gets focus), then solved.
  await expect(robotCheck(page)).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await form.getByLabel("Name").fill("Replay Visitor");
  await form.getByLabel("Email").fill(`replay-${Date.now()}@example.com`);
  await form.getByLabel("Message").fill("A message sent twice with one robot check.");
  await expectSolved(page);
  expect(await violations(page)).toEqual([]);
  // The first answer is the server's refusal of a replayed check, as another tab spending it first would cause.
  await page.route("**/api/contact", async (route) => {
    const body = route.request().postDataJSON() as { altcha: string };
    await page.request.post("/api/contact", { data: { name: "Other Tab", email: "other-tab@example.com", message: "Spent the same check first.", altcha: body.altcha } });
    await route.continue();
  });
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST"),
    form.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.code).toBe("altcha_replayed");
  await expect(page.getByRole("alert").filter({ hasText: "This robot check was already used" })).toBeVisible();
  await expect(robotCheck(page)).not.toBeChecked();

  await page.unroute("**/api/contact");
  await robotCheck(page).click();
  await expectSolved(page);
  const [accepted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST"),
    form.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(accepted.status()).toBe(200);
  await expect(page.getByText("Message sent")).toBeVisible();
});

// (The axe checks of /register and /contact, unsolved and solved, are in the tests above.)
for (const path of ["/forgot-password"]) {
  test(`axe finds nothing on ${path} with the robot check, unsolved and solved`, async ({ page }) => {
    await page.goto(path);
    await expect(robotCheck(page)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await robotCheck(page).click();
    await expectSolved(page);
    expect(await violations(page)).toEqual([]);
  });
}
