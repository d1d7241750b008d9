import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { layOutAt } from "./fixtures/widths";

// One seeded database serves the whole run: each test finds its own survey through the viewer's own
// voting state, so tests do not depend on each other's writes or on their order.

// The surveys here show their results after voting (a survey keeping them until its deadline answers
// null counts, and is left out: e2e/results.spec.ts covers it).
type VotingState = { yesCount: number; noCount: number; open: boolean; deadlinePassed: boolean; myVote: { vote: string } | null; resultsHidden: boolean; questionTitle: string };

async function surveyIds(page: Page): Promise<string[]> {
  // The public list call when it exists, else the links of the survey list page.
  const api = await page.request.get("/api/all_surveys?limit=100");
  if (api.ok() && (api.headers()["content-type"] ?? "").includes("json")) {
    const list = (await api.json()) as { _id?: string; id?: string }[];
    if (Array.isArray(list) && list.length) return list.map((s) => (s._id ?? s.id)!);
  }
  await page.goto("/surveys");
  const links = page.locator('a[href^="/survey/details/"]');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  return [...new Set(hrefs.map((h) => h.split("/").pop()!))];
}

async function votingState(request: APIRequestContext, id: string): Promise<VotingState> {
  const response = await request.get(`/api/vote/${id}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A survey matching `wanted` for the signed-in (or signed-out) viewer of `page`; `skip` picks a later one. */
async function findSurvey(page: Page, wanted: (s: VotingState) => boolean, skip = 0): Promise<{ id: string; state: VotingState }> {
  let seen = 0;
  for (const id of await surveyIds(page)) {
    const state = await votingState(page.request, id);
    if (!state.resultsHidden && wanted(state) && seen++ >= skip) return { id, state };
  }
  throw new Error("No suitable survey in the seeded data");
}

const openAndNotVoted = (s: VotingState) => s.open && s.myVote === null;

/** Whether any script the page loaded contains recharts (it should ship only where a chart is shown). */
async function loadsRecharts(page: Page): Promise<boolean> {
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((name) => name.endsWith(".js")),
  );
  for (const url of scripts) {
    if ((await (await page.request.get(url)).text()).includes("recharts-bar-rectangle")) return true;
  }
  return false;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await analyzePage(page);
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("a user votes Yes, sees the chart with Yes one higher, and a reload shows the chart and their vote, not the form", async ({ page }) => {
  await signInAs(page, "user@demo.test");
  const { id, state: before } = await findSurvey(page, openAndNotVoted);
  await page.goto(`/survey/details/${id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  const form = page.getByRole("form", { name: "Vote on this survey" });
  await expect(form).toBeVisible();
  await expect(page.getByRole("button", { name: "Report" })).toBeVisible();
  // A plain user gets no Comments box (a pro_user's is below).
  await expect(page.getByLabel("Comments")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Empty submit: the spec's message, naming the question, nothing sent.
  const question = (await form.locator("legend").textContent())!.trim();
  const required = `This field is required: choose Yes or No to answer "${question}".`;
  await form.getByRole("button", { name: "Submit" }).click();
  await expect(form.getByRole("alert")).toHaveText(required);
  await expect(form.getByRole("group", { name: question })).toHaveAccessibleDescription(required);

  // Yes and No are a radio group whose answer can be cleared: one at most, a click on the chosen one
  // clears it; the keyboard works too.
  const yes = form.getByRole("radio", { name: "Yes" });
  const no = form.getByRole("radio", { name: "No" });
  await yes.check();
  await no.check();
  await expect(yes).not.toBeChecked();
  await no.click();
  await expect(no).not.toBeChecked();
  await expect(yes).not.toBeChecked();
  await yes.focus();
  await page.keyboard.press("Space");
  await expect(yes).toBeChecked();
  await expect(page.getByText(required)).toBeHidden();

  await form.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your vote counted successfully")).toBeVisible();
  await expect(page.getByText("Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
  // Focus moves to the results and a live region says what happened.
  await expect(page.getByRole("heading", { name: "Survey Results" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Your vote counted: Yes." })).toHaveText(
    `Your vote counted: Yes. Results: Yes ${before.yesCount + 1}, No ${before.noCount}.`,
  );
  // The toast sits at the bottom, clear of the navigation bar and of the heading focus moved to, once it
  // has slid in (it enters from below).
  const navBox = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
  const headingBox = (await page.getByRole("heading", { name: "Survey Results" }).boundingBox())!;
  const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) => a.y < b.y + b.height && b.y < a.y + a.height;
  await expect
    .poll(async () => {
      const toastBox = (await page.locator("[data-sonner-toast]").first().boundingBox())!;
      return { nav: overlaps(toastBox, navBox), heading: overlaps(toastBox, headingBox), inView: toastBox.y + toastBox.height <= page.viewportSize()!.height };
    })
    .toEqual({ nav: false, heading: false, inView: true });
  await expect(page.getByTestId("yes-count")).toHaveText(`Yes: ${before.yesCount + 1}`);
  await expect(page.getByTestId("no-count")).toHaveText(`No: ${before.noCount}`);
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes");
  await expect(page.getByTestId("results-chart").getByTestId("result-bar")).toHaveCount(2);
  // The result leads with its plain reading, the total said once in it.
  const votes = before.yesCount + before.noCount + 1;
  await expect(page.getByTestId("results-total")).toHaveText(`${votes} votes`);
  await expect(page.getByTestId("results-reading")).toHaveText(new RegExp(`: .* of ${votes} votes\\.$`));
  await expect(form).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted Yes");
  await expect(page.getByRole("form", { name: "Vote on this survey" })).toHaveCount(0);

  await page.goto("/dashboard/user/surveys");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").last()).toHaveText("Yes");
  await expect(page.getByRole("columnheader", { name: "Serial No" })).toBeVisible();
});

test("the results follow new votes while the page is open", async ({ page, browser }) => {
  await signInAs(page, "user@demo.test");
  const other = await browser.newContext();
  try {
    await signInAs(other.request, "pro@demo.test");
    // A survey neither of them has voted on yet.
    let id: string | undefined;
    for (const candidate of await surveyIds(page)) {
      const mine = await votingState(page.request, candidate);
      if (!mine.resultsHidden && openAndNotVoted(mine) && openAndNotVoted(await votingState(other.request, candidate))) {
        id = candidate;
        break;
      }
    }
    if (!id) throw new Error("No survey open to both user@ and pro@");
    const before = await votingState(page.request, id);
    expect((await page.request.put(`/api/vote/${id}`, { data: { vote: "no" } })).status()).toBe(200);
    await page.goto(`/survey/details/${id}`);
    await expect(page.getByTestId("no-count")).toHaveText(`No: ${before.noCount + 1}`);
    await expect(page.getByTestId("yes-count")).toHaveText(`Yes: ${before.yesCount}`);

    // Someone else votes elsewhere; this page catches up without a reload.
    expect((await other.request.put(`/api/vote/${id}`, { data: { vote: "yes" } })).status()).toBe(200);
    await expect(page.getByTestId("yes-count")).toHaveText(`Yes: ${before.yesCount + 1}`, { timeout: 15_000 });
  } finally {
    await other.close();
  }
});

test("a pro_user's comment, with its length counter, appears in My Commented Surveys", async ({ page }) => {
  await signInAs(page, "pro@demo.test");
  const { id } = await findSurvey(page, openAndNotVoted);
  await page.goto(`/survey/details/${id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const comment = `Clear question, thanks (${Date.now()})`;
  const box = page.getByLabel("Comments");
  await box.fill(comment);
  await expect(page.getByText(`${comment.length}/1000 characters`)).toBeVisible();
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Your vote counted successfully")).toBeVisible();
  await expect(page.getByTestId("my-vote")).toHaveText("You voted No");

  await page.goto("/dashboard/pro_user/comments");
  await expect(page.getByRole("heading", { name: "My Commented Surveys" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(comment);
});

test("the report dialog confirms, reports once, and the survey appears in My Reported Surveys", async ({ page }) => {
  await signInAs(page, "pro@demo.test");
  // pro@ reported nothing in the seed; a later survey keeps clear of the other tests' picks.
  const { id } = await findSurvey(page, (s) => s.open, 3);
  await page.goto(`/survey/details/${id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

  await page.getByRole("button", { name: "Report" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Are you sure?" })).toBeVisible();
  await expect(dialog).toContainText("Do you really want to report this post?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Report" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "YES" }).click();
  await expect(page.getByText("Reported!", { exact: true })).toBeVisible();
  await expect(page.getByText("Reported successfully, we will check this survey")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Once reported, the button says so instead of asking again, now and on a later visit.
  await expect(page.getByRole("button", { name: "Reported" })).toBeDisabled();
  await page.reload();
  await expect(page.getByRole("button", { name: "Reported" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Report", exact: true })).toHaveCount(0);

  await page.goto("/dashboard/pro_user/my-reports");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Published");
});

test("a signed-out visitor is asked to log in on an open survey and sees the results of a closed one", async ({ page }) => {
  const open = await findSurvey(page, (s) => s.open);
  await page.goto(`/survey/details/${open.id}`);
  await expect(page.getByText("Please login to vote this survey!")).toBeVisible();
  await expect(page.getByRole("link", { name: "Login", exact: true }).last()).toHaveAttribute(
    "href",
    `/login?callbackUrl=${encodeURIComponent(`/survey/details/${open.id}`)}`,
  );
  await expect(page.getByRole("form", { name: "Vote on this survey" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Report" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await loadsRecharts(page)).toBe(false);

  const closed = await findSurvey(page, (s) => s.deadlinePassed);
  await page.goto(`/survey/details/${closed.id}`);
  await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
  await expect(page.getByTestId("yes-count")).toHaveText(`Yes: ${closed.state.yesCount}`);
  // Yes and No in their own colours with a matching legend, the percentage on each bar, a scale marked
  // 0%, 50% and 100% with its 50% line, the total said once (in the plain reading) and a table of the
  // figures for screen readers; no chart library.
  const { yesCount, noCount } = closed.state;
  const total = yesCount + noCount;
  const share = (n: number) => `${total ? Math.round((n / total) * 100) : 0}%`;
  const bars = page.getByTestId("results-chart").getByTestId("result-bar");
  await expect(bars).toHaveCount(2);
  const colours = await bars.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(colours).toEqual(["rgb(134, 239, 172)", "rgb(254, 202, 202)"]); // the OG image's #86efac / #fecaca
  const legend = await page.getByTestId("results-legend").locator("li span").evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(legend).toEqual(colours);
  await expect(page.getByTestId("results-chart")).toContainText(share(yesCount));
  await expect(page.getByTestId("results-chart")).toContainText(share(noCount));
  await expect(page.getByTestId("results-chart").getByTestId("results-tick")).toHaveText(["0%", "50%", "100%"]);
  await expect(page.getByTestId("results-chart").getByTestId("results-midline")).toHaveCount(1);
  const totalText = total === 1 ? "1 vote" : `${total} votes`;
  await expect(page.getByTestId("results-total")).toHaveText(totalText);
  // (The line on what the range means names a number of votes of its own.)
  const shown = (await page.getByRole("figure", { name: "Survey Results" }).innerText()).replace(/^The range is the 95% confidence interval.*$/m, "");
  expect(shown.split(totalText).length - 1, shown).toBe(1);
  expect(shown).not.toMatch(/\d %/);
  const table = page.getByRole("table", { name: "Votes on this survey" });
  await expect(table.getByRole("row", { name: `Yes ${yesCount} ${share(yesCount)}` })).toHaveCount(1);
  await expect(table.getByRole("row", { name: `No ${noCount} ${share(noCount)}` })).toHaveCount(1);
  await expect(page.getByText("Please login to vote this survey!")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await loadsRecharts(page)).toBe(false);

  // The chart narrows on a small screen (the same page laid out at 360 px, e2e/fixtures/widths.ts).
  await layOutAt(page, { width: 360, height: 740 });
  const chart = page.getByTestId("results-chart");
  await expect(chart.getByTestId("result-bar")).toHaveCount(2);
  const box = (await chart.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(360);
  expect(box.height).toBe(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("without JavaScript the cached survey page is whole: the login prompt on an open survey, the results on a closed one", async ({ browser, page }) => {
  const open = await findSurvey(page, (s) => s.open);
  const closed = await findSurvey(page, (s) => s.deadlinePassed);
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noScript = await context.newPage();
    await noScript.goto(`/survey/details/${open.id}`);
    // What <noscript> shows is found by CSS: Playwright's text and role queries skip <noscript>.
    const prompt = noScript.locator('section[aria-label="Your vote"] p').filter({ hasText: "Please login to vote this survey!" });
    await expect(prompt).toBeVisible();
    await expect(prompt).toHaveText("Please login to vote this survey! Login");
    await expect(prompt.locator("a")).toHaveAttribute("href", `/login?callbackUrl=${encodeURIComponent(`/survey/details/${open.id}`)}`);
    // The question and its answers too, each a way into sign-in that keeps it.
    await expect(noScript.locator('section[aria-label="Your vote"] h2')).toHaveText(open.state.questionTitle);
    await expect(noScript.locator(`section[aria-label="Your vote"] a[href$="&vote=yes"]`)).toBeVisible();
    await expect(noScript.locator(`section[aria-label="Your vote"] a[href$="&vote=no"]`)).toBeVisible();
    // No spinner waiting for a session that, without scripts, never comes; the navigation offers signing in.
    await expect(noScript.locator('section[aria-label="Your vote"] [role="status"]')).toBeHidden();
    await expect(noScript.locator('[data-testid="desktop-account"] a[href="/login"]')).toBeVisible();
    await expect(noScript.locator('[data-testid="desktop-account"] a[href="/register"]')).toBeVisible();

    await noScript.goto(`/survey/details/${closed.id}`);
    await expect(noScript.getByRole("heading", { name: "Survey Results" })).toBeVisible();
    await expect(noScript.getByTestId("yes-count")).toHaveText(`Yes: ${closed.state.yesCount}`);

    // On a phone the menu's button needs scripts: the links come in a row instead, the button is hidden
    // (the same page laid out at 390 px: the row is CSS, there being no script).
    await noScript.setViewportSize({ width: 390, height: 844 });
    await expect(noScript.locator('button[aria-label="Open menu"]')).toBeHidden();
    for (const href of ["/", "/surveys", "/pricing", "/about", "/contact", "/login", "/register"]) {
      await expect(noScript.locator(`nav[aria-label="Site"] a[href="${href}"]`)).toBeVisible();
    }
    await noScript.locator('nav[aria-label="Site"] a[href="/surveys"]').click();
    await expect(noScript).toHaveURL(/\/surveys$/);
  } finally {
    await context.close();
  }

  // With scripts, the same page hides nothing twice: one login prompt, and no spinner once the session is known.
  await page.goto(`/survey/details/${open.id}`);
  await expect(page.getByText("Please login to vote this survey!")).toHaveCount(1);
  await expect(page.getByText("Please login to vote this survey!")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading the voting form" })).toHaveCount(0);
  await expect(page.getByTestId("desktop-account").getByRole("link", { name: "Login", exact: true })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Site" })).toHaveCount(0);
});

test("My Reported Surveys lists the seeded reports of user@, numbered from 1", async ({ page }) => {
  await signInAs(page, "user@demo.test");
  await page.goto("/dashboard/user/my-reports");
  await expect(page.getByRole("heading", { name: "My Reported Surveys" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("row");
  // A header row and the two surveys user@ reported in the seed (the report test uses pro@).
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole("cell").first()).toHaveText("1");
  await expect(rows.nth(2).getByRole("cell").first()).toHaveText("2");
  for (const header of ["Serial No", "Survey Name", "Description", "Category", "Status"]) {
    await expect(page.getByRole("columnheader", { name: header })).toBeVisible();
  }
});
