// API keys, as a surveyor uses them: made on the account page (a name, the scopes ticked by keyboard and
// pointer), the key shown once and copied, then used by a tool of theirs (Playwright's own `request`, no
// browser cookies) against /api/v1: its surveys, a survey created with an Idempotency-Key and sent twice,
// the rate-limit fields. Revoked from the list after a confirmation, the key is refused at once. A fresh
// surveyor each run, promoted by the demo admin through the API; axe and the phone's width on each state.
import { expect, request as playwrightRequest, test, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { atBothWidths } from "./fixtures/widths";

// Its own client address: the sign-in limits count per client.
test.use({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.71" }, viewport: { width: 1280, height: 800 } });

/** Makes `id` a surveyor, as the demo admin, through the API. */
async function promoteToSurveyor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, id: string) {
  const admin = await playwright.request.newContext({ baseURL });
  await signInAs(admin, "admin@demo.test");
  const change = await admin.post("/api/update_role", { data: { id, role: "surveyor" }, headers: { origin: baseURL } });
  expect(await change.json()).toEqual({ modifiedCount: 1 });
  await admin.dispose();
}

/** No axe violation, and nothing sideways, at 1280 and at 390 px. */
async function checkBothWidths(page: Page) {
  await atBothWidths(page, async (width) => {
    const axe = await analyzePage(page);
    expect(axe.violations.map((v) => `${width} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${width}: fits its width`).toBe(true);
  });
}

test("a surveyor makes an API key, a tool of theirs uses it on /api/v1, and once revoked it is refused", async ({ page, context, playwright, baseURL }) => {
  test.setTimeout(90_000);
  const surveyor = newPerson("KeyMaker");
  const id = await registerThroughApi(page.request, surveyor);
  await promoteToSurveyor(playwright, baseURL!, id);
  await signInAs(page, surveyor.email, surveyor.password);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });

  // ---- the section, empty
  await page.goto("/dashboard/account#api-keys");
  const section = page.locator("section#api-keys");
  await expect(section.getByRole("heading", { level: 2, name: "API keys" })).toBeVisible();
  await expect(section.getByTestId("api-keys-empty")).toBeVisible();
  await checkBothWidths(page);

  // ---- the form: no scope is refused in place; then a name and two scopes, one ticked from the keyboard
  const name = section.getByLabel("Name", { exact: true });
  await name.fill("Spreadsheet sync");
  const make = section.getByRole("button", { name: "Make key" });
  await make.click();
  await expect(section.getByText("Choose at least one scope")).toBeVisible();
  await section.getByRole("checkbox", { name: /surveys:read/ }).focus();
  await page.keyboard.press("Space");
  await expect(section.getByRole("checkbox", { name: /surveys:read/ })).toBeChecked();
  await section.getByRole("checkbox", { name: /surveys:write/ }).check();
  await make.click();

  // ---- the key, shown once, focused, copied
  const shown = section.getByTestId("api-key-new");
  await expect(shown.getByRole("heading", { name: "Your new key “Spreadsheet sync”" })).toBeFocused();
  await expect(shown).toContainText("you will not see it again");
  const key = (await shown.getByTestId("api-key-value").textContent())!.trim();
  expect(key).toMatch(/^opx_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole("button", { name: "Copy key" }).click();
  await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const listed = section.getByTestId("api-key");
  await expect(listed).toHaveCount(1);
  await expect(listed.getByTestId("api-key-name")).toContainText(`Spreadsheet sync ${key.slice(0, 12)}…`);
  await expect(listed.getByRole("list", { name: "Scopes" }).getByRole("listitem")).toHaveText(["surveys:read", "surveys:write"]);
  await checkBothWidths(page);
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toBeHidden();

  // ---- a tool of theirs: no cookies, only the key
  const tool = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}`, "x-forwarded-for": "198.51.100.72" } });
  const list = await tool.get("/api/v1/surveys");
  expect(list.status()).toBe(200);
  expect(await list.json()).toEqual({ data: [], nextCursor: null });
  expect(list.headers()["ratelimit-policy"]).toMatch(/^"default";q=\d+;w=60$/);
  expect(list.headers()["ratelimit"]).toMatch(/^"default";r=\d+;t=\d+$/);
  const deadline = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const survey = { title: "Made by my tool", description: "Created through the API.", category: "Other", deadline, questionTitle: "Works?", questionDescription: "Yes or no." };
  const first = await tool.post("/api/v1/surveys", { data: survey, headers: { "idempotency-key": `e2e-${id}` } });
  expect(first.status()).toBe(201);
  const again = await tool.post("/api/v1/surveys", { data: survey, headers: { "idempotency-key": `e2e-${id}` } });
  expect([again.status(), again.headers()["idempotent-replayed"]]).toEqual([201, "true"]);
  expect(await again.json()).toEqual(await first.json());
  expect(((await (await tool.get("/api/v1/surveys")).json()) as { data: unknown[] }).data).toHaveLength(1);
  // Not its scope: the results.
  const created = (await first.json()) as { id: string };
  const results = await tool.get(`/api/v1/surveys/${created.id}/results`);
  expect(results.status()).toBe(403);
  expect((await results.json()).error.message).toContain("results:read");
  // Nor anything outside /api/v1.
  expect((await tool.get("/api/me")).status()).toBe(200);
  expect((await (await tool.get("/api/me")).json()).user).toBeNull();

  // ---- its use shows in the list; revoked after a confirmation, it is refused at once
  await page.reload();
  await expect(listed.getByText(/^Made .* · Last used /)).toBeVisible();
  await listed.getByRole("button", { name: "Revoke Spreadsheet sync" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Revoke this API key?" });
  await expect(dialog).toContainText("stops working at once");
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("api-keys-empty")).toBeVisible();
  const refused = await tool.get("/api/v1/surveys");
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("unauthorized");
  await tool.dispose();
});
