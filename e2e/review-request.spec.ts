// "Ask for review": the demo admin unpublishes a fresh surveyor's survey with feedback (through the API),
// the surveyor updates it and asks for a review from the update page (by keyboard), and the admin finds
// it marked on Manage Surveys, through its "Review requested" filter. At 1280 px, the surveyor's
// page laid out once at 390 px.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { mailTo } from "./fixtures/inbox";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi } from "./fixtures/surveys";
import { DESKTOP, PHONE, layOutAt } from "./fixtures/widths";

test.use({ viewport: DESKTOP });

/** Waits until React has hydrated the button (before that, typing into the form is undone and a press does nothing). */
async function hydrated(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  await expect(button).toBeVisible();
  await page.waitForFunction((el) => !!el && Object.keys(el).some((k) => k.startsWith("__reactProps$")), await button.elementHandle());
  return button;
}

async function expectAxeClean(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

test("a surveyor updates an unpublished survey and asks for a review; the admin sees it on Manage Surveys", async ({ browser, page }) => {
  test.setTimeout(120_000);
  const stamp = randomBytes(3).toString("hex");
  const title = `Review me ${stamp}`;
  const feedback = `Please name your sources (${stamp}).`;
  const updatedTitle = `${title} with sources`;

  // A fresh surveyor and survey, unpublished by the demo admin with feedback: not what is tested here.
  const admin = await browser.newContext({ viewport: DESKTOP });
  await signInAs(admin.request, "admin@demo.test");
  const setup = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });
  const surveyor = newPerson("Reviewed surveyor");
  const surveyorId = await registerThroughApi(setup.request, surveyor);
  expect((await admin.request.post("/api/update_role", { data: { id: surveyorId, role: "surveyor" } })).status()).toBe(200);
  await signInAs(setup.request, surveyor.email, surveyor.password);
  const id = await createSurveyThroughApi(setup.request, title);
  await setup.close();
  expect((await admin.request.post("/api/update_survey_status", { data: { id, status: "unpublish", feedbackMessage: feedback } })).status()).toBe(200);

  // The surveyor reads the feedback while updating, saves, and asks.
  await signInAs(page, surveyor.email, surveyor.password);
  await page.goto(`/dashboard/surveyor/update/${id}`);
  await expect(page.getByTestId("review-feedback")).toHaveText(feedback);
  const update = await hydrated(page, "Update Survey");
  await page.getByLabel("Survey Title").fill(updatedTitle);
  await update.click();
  const saved = page.getByRole("region", { name: "Your changes are saved" });
  await expect(saved).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/dashboard/surveyor/update/${id}$`));
  await page.keyboard.press("Tab");
  await expect(saved.getByRole("button", { name: "Ask for review" })).toBeFocused();
  await page.keyboard.press("Enter");
  const status = saved.getByRole("status");
  await expect(status).toHaveText(/^Review requested on [A-Z][a-z]{2} \d{1,2}, \d{4}\. An admin will look at it\.$/);
  await expect(status).toBeFocused();
  await expect(saved.getByRole("button", { name: "Ask for review" })).toHaveCount(0);
  await expectAxeClean(page);

  // The survey's own page says so too, and fits a phone without sideways scrolling.
  await page.goto(`/dashboard/surveyor/surveys/${id}`);
  const panel = page.getByRole("region", { name: "Unpublished by an admin" });
  await expect(panel.getByTestId("review-feedback")).toHaveText(feedback);
  await expect(panel.getByRole("status")).toHaveText(/^Review requested on .+\. An admin will look at it\.$/);
  await layOutAt(page, PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect(panel).toBeInViewport({ ratio: 0.1 });
  await expectAxeClean(page);

  // The admin: the mail links to the survey's admin page; Manage Surveys marks the row, and filters to it.
  expect((await mailTo("admin@demo.test", new RegExp(`^Review requested: ${updatedTitle}$`))).text).toContain(`/dashboard/admin/surveys/${id}\n`);
  const adminPage = await admin.newPage();
  await adminPage.goto("/dashboard/admin/surveys");
  await adminPage.getByRole("navigation", { name: "Survey filter" }).getByRole("link", { name: "Review requested" }).click();
  await expect(adminPage).toHaveURL(/\/dashboard\/admin\/surveys\?review=requested$/);
  const row = adminPage.getByRole("row").filter({ hasText: updatedTitle });
  await expect(row.getByTestId("review-requested")).toContainText("Review requested");
  await expectAxeClean(adminPage);
  await admin.close();
});
