// Live results: a vote made in another browser shows on an open survey page, its embed and the
// surveyor's results page without a reload, pushed by the server (GET /api/survey/{id}/live), at
// desktop and phone width (one journey, its pages laid out at both).
import { expect, test, type Page } from "@playwright/test";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";
import { DESKTOP, layOutAt, PHONE } from "./fixtures/widths";

/** What an open survey's embed says instead of the split (components/embed/embed-results.tsx). */
const OPEN_RESULTS = "The results show to those who voted, and to everyone once voting closes.";
const address = () => `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await analyzePage(page);
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The calls a page made for live figures: streams and polls. */
function watchCalls(page: Page) {
  const calls = { streams: 0, polls: 0 };
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/api\/survey\/[^/]+\/live$/.test(path)) calls.streams++;
    if (/^\/api\/survey\/[^/]+\/results$/.test(path)) calls.polls++;
  });
  return calls;
}

test.describe("at 1280 and 390 px", () => {
  test.use({ viewport: DESKTOP, extraHTTPHeaders: { "x-forwarded-for": address() } });

  // One journey (the push does not depend on the width), its pages opened at 1280 px and, once the
  // figures have moved, laid out at 390 px too (e2e/fixtures/widths.ts).
  test("a vote in another browser shows on the open survey page, the embed and the surveyor's page, without a reload", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const surveyor = await browser.newContext({ viewport: DESKTOP });
    await signInAs(surveyor.request, "surveyor@demo.test");
    const title = `Live results ${Date.now().toString(36)}`;
    const id = await createSurveyThroughApi(surveyor.request, title);

    // The viewer votes Yes and keeps the survey page open on the results.
    const viewer = newPerson("Live viewer");
    await registerThroughApi(page.request, viewer);
    await signInAs(page, viewer.email, viewer.password);
    expect((await page.request.put(`/api/vote/${id}`, { data: { vote: "yes" } })).status()).toBe(200);
    const calls = watchCalls(page);
    await page.goto(`/survey/details/${id}`);
    await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
    await expect(page.getByTestId("yes-count")).toHaveText("Yes: 1");
    await expect(page.getByTestId("no-count")).toHaveText("No: 0");
    await expect.poll(() => calls.streams).toBeGreaterThan(0);
    // A reload would lose this.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const embed = await page.context().newPage();
    await embed.goto(`/embed/survey/${id}`);
    // The embed shows what the page shows a signed-out visitor: how many voted, never how, until the deadline.
    await expect(embed.getByTestId("embed-figures")).toHaveText(`1 vote so far. ${OPEN_RESULTS}`);

    const dashboard = await surveyor.newPage();
    await dashboard.goto(`/dashboard/surveyor/surveys/${id}`);
    await expect(dashboard.getByTestId("total-votes")).toHaveText("1");

    // Someone else, in another browser, votes No.
    await voteAsNewPerson(browser, id, "no", "Live voter");

    await expect(page.getByTestId("no-count")).toHaveText("No: 1");
    await expect(page.getByTestId("yes-count")).toHaveText("Yes: 1");
    await expect(page.getByTestId("results-total")).toHaveText("2 votes");
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect(embed.getByTestId("embed-figures")).toHaveText(`2 votes so far. ${OPEN_RESULTS}`);
    await expect(embed.getByTestId("embed-bar")).toHaveCount(0);
    await expect(dashboard.getByTestId("no-count")).toHaveText("1");
    await expect(dashboard.getByTestId("total-votes")).toHaveText("2");
    // The result in words follows too, with the stats the stream carries.
    await expect(dashboard.getByTestId("results-summary")).toContainText("2 votes");
    // Pushed, not polled: the page never fell back to GET /results.
    expect(calls.polls).toBe(0);
    await expectNoSeriousA11yViolations(page);
    // The same pages at a phone's width, without a reload: still the pushed figures, nothing wider
    // than the screen, and axe.
    for (const open of [page, embed, dashboard]) await layOutAt(open, PHONE);
    await expect(page.getByTestId("no-count")).toHaveText("No: 1");
    await expect(page.getByTestId("yes-count")).toHaveText("Yes: 1");
    await expect(embed.getByTestId("embed-figures")).toHaveText(`2 votes so far. ${OPEN_RESULTS}`);
    await expect(dashboard.getByTestId("total-votes")).toHaveText("2");
    for (const open of [page, embed, dashboard]) {
      expect(await open.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), open.url()).toBeLessThanOrEqual(0);
    }
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(calls.polls).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await surveyor.close();
  });
});

test("a page whose stream is refused keeps its figures moving by polling", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor@demo.test");
  const id = await createSurveyThroughApi(surveyor.request, `Live fallback ${Date.now().toString(36)}`);
  await surveyor.close();
  // As a server at its cap answers.
  await page.route(`**/api/survey/${id}/live`, (route) =>
    route.fulfill({ status: 503, contentType: "application/json", headers: { "retry-after": "30" }, body: JSON.stringify({ error: { code: "service_unavailable", message: "full" } }) }),
  );
  const calls = watchCalls(page);
  await page.goto(`/embed/survey/${id}`);
  await expect(page.getByTestId("embed-figures")).toHaveText("No votes yet.");
  await expect.poll(() => calls.streams).toBeGreaterThan(0);
  await voteAsNewPerson(browser, id, "yes", "Polled voter");
  await expect(page.getByTestId("embed-figures")).toHaveText(`1 vote so far. ${OPEN_RESULTS}`, { timeout: 15_000 });
  expect(calls.polls).toBeGreaterThan(0);
});
