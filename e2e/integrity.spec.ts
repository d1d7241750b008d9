import { expect, test, type Page } from "@playwright/test";
import { logInWithForm } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";
import { layOutAt, PHONE } from "./fixtures/widths";

// The integrity panel and the moderation of fake accounts: the surveyor's results page shows the
// panel (empty state too); an admin suspends an account and voids its vote from Manage Users, the
// public page and its embed say so, the account cannot sign in, and the vote comes back when restored.


async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function expectAxeClean(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("the surveyor's results page shows the integrity panel, on a desktop and a 390-px phone", async ({ page, browser }) => {
  await signInAs(page, "surveyor@demo.test");
  const id = await createSurveyThroughApi(page.request, `Integrity panel ${Date.now()}`);
  const empty = await createSurveyThroughApi(page.request, `Integrity empty ${Date.now()}`);
  await voteAsNewPerson(browser, id, "yes", "Panel");

  await page.goto(`/dashboard/surveyor/surveys/${id}`);
  const panel = page.getByTestId("integrity-panel");
  await expect(panel.getByRole("heading", { name: "Integrity" })).toBeVisible();
  await expect(panel.getByTestId("integrity-votes")).toHaveText("1");
  await expect(panel.getByTestId("integrity-verified")).toHaveText("100%");
  await expect(panel.getByTestId("integrity-no-burst")).toHaveText("No burst.");
  await expect(panel.getByRole("table", { name: "Voters' account age when they voted" })).toBeVisible();
  await expect(panel.getByRole("row", { name: /Under 1 day 1 100%/ })).toBeVisible();
  // The precise definitions wait behind a disclosure; the panel itself speaks plainly.
  const how = panel.getByTestId("integrity-how");
  await expect(how.getByText(/a \/24/)).toBeHidden();
  await how.getByText("How is this counted?").click();
  await expect(how.getByText(/a \/24/)).toBeVisible();
  await expect(how).toContainText("A burst is an hour with at least 10 votes");
  await expectAxeClean(page);

  // The same page laid out at 390 px, without a reload (e2e/fixtures/widths.ts).
  await layOutAt(page, PHONE);
  await expect(page.getByTestId("integrity-panel")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);

  await page.goto(`/dashboard/surveyor/surveys/${empty}`);
  await expect(page.getByTestId("integrity-empty")).toHaveText("No votes yet: the figures appear with the first vote.");
});

test("an admin suspends an account and voids its vote from Manage Users; restoring and lifting undo both", async ({ page, browser }) => {
  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor@demo.test");
  const id = await createSurveyThroughApi(surveyor.request, `Integrity moderation ${Date.now()}`);
  await surveyor.close();
  const suspect = await voteAsNewPerson(browser, id, "yes", "Suspect");

  await signInAs(page, "admin@demo.test");
  await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(suspect.email)}`);
  const row = page.getByRole("row").filter({ hasText: suspect.email });
  await expect(row).toContainText("Active");

  // Suspend, with the keyboard: the dialog asks why.
  const dialog = page.getByRole("dialog", { name: "Suspend this account" });
  // Until the page is hydrated, Enter on the button does nothing: press again until the dialog opens.
  await expect(async () => {
    await row.getByRole("button", { name: `Suspend ${suspect.email}` }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Give a reason.");
  await dialog.getByLabel("Reason (kept in the audit trail)").fill("One of fifty accounts from one network");
  await expectAxeClean(page);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(row.getByTestId("user-suspended")).toHaveText("Suspended");
  await expect(row).toContainText("Reason: One of fifty accounts from one network");

  // Void its one vote.
  await row.getByRole("button", { name: `Void the 1 vote of ${suspect.email}` }).click();
  const voidDialog = page.getByRole("dialog", { name: "Void this account's votes" });
  await voidDialog.getByLabel("Reason (kept in the audit trail)").fill("Brigade");
  await voidDialog.getByRole("button", { name: "Void votes" }).click();
  await expect(row.getByRole("button", { name: `Restore the 1 voided vote of ${suspect.email}` })).toBeVisible();
  await expectAxeClean(page);

  // The public page says so; the survey counts no vote.
  await page.goto(`/survey/details/${id}`);
  await expect(page.getByTestId("survey-voided")).toHaveText("1 vote voided after review");
  // And so does its embed, in another site's frame, in both themes.
  for (const theme of ["light", "dark"]) {
    await page.goto(`/embed/survey/${id}?theme=${theme}`);
    await expect(page.getByTestId("survey-voided")).toHaveText("1 vote voided after review");
    await expect(page.getByTestId("embed-figures")).toContainText("No votes yet.");
  }
  await expectAxeClean(page);
  const counts = await (await page.request.get(`/api/survey/${id}`)).json();
  expect([counts.yesCount, counts.noCount, counts.voidedCount]).toEqual([0, 0, 1]);

  // The suspended person cannot sign in: the login page says why.
  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto("/login");
  await logInWithForm(login, suspect.email, suspect.password);
  await expect(login.getByTestId("login-suspended")).toContainText("This account is suspended.");
  await visitor.close();

  // On a phone: restore the vote and lift the suspension.
  await page.setViewportSize(PHONE);
  await page.goto(`/dashboard/admin/users?q=${encodeURIComponent(suspect.email)}`);
  const phoneRow = page.getByRole("row").filter({ hasText: suspect.email });
  // The page drawn (its heading and the row) before its width and axe are checked.
  await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
  await expect(phoneRow.getByTestId("user-suspended")).toHaveText("Suspended");
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await phoneRow.getByRole("button", { name: `Restore the 1 voided vote of ${suspect.email}` }).click();
  await expect(phoneRow.getByRole("button", { name: `Void the 1 vote of ${suspect.email}` })).toBeVisible();
  await phoneRow.getByRole("button", { name: `Lift the suspension of ${suspect.email}` }).click();
  await expect(phoneRow).toContainText("Active");
  const after = await (await page.request.get(`/api/survey/${id}`)).json();
  expect([after.yesCount, after.voidedCount]).toEqual([1, 0]);
  // The embed's cached copy follows the restore.
  await page.goto(`/embed/survey/${id}`);
  await expect(page.getByTestId("embed-figures")).toContainText("1 vote");
  await expect(page.getByTestId("survey-voided")).toHaveCount(0);
});
