// Results with their uncertainty, and results kept until the deadline, in Chromium against the
// production build: the plain reading, the margin from the 95% interval and the verdict with its reason
// in words, and the chart on its marked scale (desktop and phone), and a survey whose surveyor keeps its
// results until the deadline showing no count to a voter anywhere while its surveyor and the admins see them.
import { expect, test, type Page } from "@playwright/test";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { atBothWidths, WIDTHS } from "./fixtures/widths";

type Stats = { n: number; yesShare: number | null; low: number; high: number; verdict: string };
type Live = { yesCount: number | null; noCount: number | null; deadlinePassed: boolean; stats: Stats | null; resultsHidden: boolean };

const SURVEYOR = "surveyor@demo.test";
const pct = (share: number) => Math.round(share * 100);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const formatDay = (day: string) =>
  new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));

async function expectNoA11yViolations(page: Page) {
  const results = await analyzePage(page);
  expect(results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The seeded closed survey with the most votes, with its live figures. */
async function closedSurvey(page: Page): Promise<{ id: string; live: Live & { yesCount: number; noCount: number; stats: Stats } }> {
  const list = (await (await page.request.get("/api/all_surveys?limit=100")).json()) as { _id: string }[];
  for (const { _id } of list) {
    const live = (await (await page.request.get(`/api/survey/${_id}/results`)).json()) as Live;
    if (live.deadlinePassed && live.stats && live.stats.n > 0) return { id: _id, live: live as never };
  }
  throw new Error("No closed survey with votes in the seeded data");
}

/** The answer a result is read out about (the majority, Yes on an even split) and its range, in whole percentages. */
function readOut(yesCount: number, noCount: number, stats: Stats) {
  const side = yesCount >= noCount ? "Yes" : "No";
  const [low, high] = side === "Yes" ? [stats.low, stats.high] : [1 - stats.high, 1 - stats.low];
  return { side, low: pct(low), high: pct(high), votes: stats.n === 1 ? "1 vote" : `${stats.n} votes` };
}

const REASONS: Record<string, RegExp> = {
  "Yes leads": /^Yes leads: (even )?the low end of that range is above 50%/,
  "No leads": /^No leads: (even )?the low end of that range is above 50%/,
  "Too close to call": /^Too close to call: that range includes 50%, so either answer could be the majority\.$/,
  "Too few votes to tell": /^Too few votes to tell: it takes at least 10 votes to call a result\.$/,
};

test("a survey page leads with the plain reading, then the margin, then the verdict with its reason, and draws the interval on a marked scale, on a desktop and on a phone", async ({ page }) => {
  const { id, live } = await closedSurvey(page);
  const { stats, yesCount, noCount } = live;
  const share = pct(stats.yesShare!);
  const read = readOut(yesCount, noCount, stats);
  const few = stats.n < 10 ? "so few" : "this many";

  // One load of each page, laid out at 1280 then at 390 px (e2e/fixtures/widths.ts): the bars and the
  // scale are drawn by CSS, so the geometry is read again at each width.
  await page.goto(`/survey/details/${id}`);
  await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
  let reading = "";
  await atBothWidths(page, async (width) => {
    const viewport = WIDTHS[width];
    // In words, as the numbers the server computed, in that order: the plain reading with the total,
    // the margin, the verdict with why.
    const summary = page.getByTestId("results-summary");
    await expect(summary.getByTestId("results-reading")).toHaveText(new RegExp(`^.+: .+ of ${read.votes}\\.$`));
    await expect(summary.getByTestId("results-reading")).toContainText(read.side);
    await expect(summary.getByTestId("results-margin")).toHaveText(
      `With ${few} votes, the true share saying ${read.side} could be anywhere from ${read.low}% to ${read.high}%.`,
    );
    await expect(page.getByTestId("results-verdict")).toHaveText(stats.verdict);
    await expect(summary.getByTestId("results-verdict-line")).toHaveText(REASONS[stats.verdict]);
    const lines = (await summary.innerText()).split("\n").filter((line) => line.trim());
    expect(lines.map((line) => line.split(":")[0].split(",")[0].trim())).toEqual([
      expect.stringMatching(/voter|Voters/),
      `With ${few} votes`,
      stats.verdict,
    ]);
    await expect(page.getByText(/The range is the 95% confidence interval \(the margin of error\)/)).toBeVisible();

    // On the chart: a whisker per bar from the low to the high end of its interval (No mirrors Yes),
    // on a scale of shares from the bottom (0%) to the top (100%) of the plot, marked at 0%, 50% and
    // 100%, with a line at 50% level with its label.
    const chart = page.getByTestId("results-chart");
    await expect(chart.getByTestId("result-interval")).toHaveCount(2);
    const yes = chart.getByTestId("bar-yes");
    const plot = (await yes.boundingBox())!;
    const whisker = (await yes.getByTestId("result-interval").boundingBox())!;
    const at = (s: number) => plot.y + plot.height * (1 - s);
    expect(Math.abs(whisker.y - at(stats.high)), width).toBeLessThanOrEqual(1.5);
    expect(Math.abs(whisker.y + whisker.height - at(stats.low)), width).toBeLessThanOrEqual(1.5);
    const ticks = chart.getByTestId("results-tick");
    await expect(ticks).toHaveText(["0%", "50%", "100%"]);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    const midline = (await chart.getByTestId("results-midline").boundingBox())!;
    expect(Math.abs(midline.y + midline.height / 2 - at(0.5)), width).toBeLessThanOrEqual(1.5);
    for (const [i, s] of [0, 0.5, 1].entries()) expect(Math.abs(middle((await ticks.nth(i).boundingBox())!) - at(s)), width).toBeLessThanOrEqual(1.5);
    const noWhisker = chart.getByTestId("bar-no").getByTestId("result-interval");
    await expect(noWhisker).toHaveAttribute("data-low", (1 - stats.high).toFixed(4));
    await expect(noWhisker).toHaveAttribute("data-high", (1 - stats.low).toFixed(4));
    // The whisker is drawn in the darker text colour of its answer (lib/votes/vote-colours.ts).
    expect(await yes.getByTestId("result-interval").evaluate((el) => getComputedStyle(el).color)).toBe("rgb(20, 83, 45)");

    // Not only in the drawing: the table for screen readers holds each interval too.
    const table = page.getByRole("table", { name: "Votes on this survey" });
    await expect(table.getByRole("columnheader", { name: "95% interval" })).toHaveCount(1);
    await expect(table.getByRole("row", { name: `Yes ${yesCount} ${share}% ${pct(stats.low)}–${pct(stats.high)}%` })).toHaveCount(1);
    await expect(table.getByRole("row", { name: `No ${noCount} ${pct(noCount / stats.n)}% ${pct(1 - stats.high)}–${pct(1 - stats.low)}%` })).toHaveCount(1);

    expect(await page.evaluate(() => document.documentElement.scrollWidth), width).toBeLessThanOrEqual(viewport.width);
    await expectNoA11yViolations(page);
    reading = (await summary.getByTestId("results-reading").textContent())!;
  });

  // Its embed says the same in the same words, under its bar marked at 50%, with each answer's count and share.
  await page.goto(`/embed/survey/${id}`);
  await atBothWidths(page, async (width) => {
    const figures = page.getByTestId("embed-figures");
    await expect(figures.locator("p")).toHaveText([
      reading,
      `With ${few} votes, the true share saying ${read.side} could be anywhere from ${read.low}% to ${read.high}%.`,
      REASONS[stats.verdict],
      "Voting has closed.",
    ]);
    await expect(page.getByTestId("embed-midline")).toHaveCount(1);
    await expect(page.getByTestId("embed-counts")).toHaveText(`Yes ${yesCount} · ${share}%50%, No ${noCount} · ${pct(noCount / stats.n)}%`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), width).toBeLessThanOrEqual(WIDTHS[width].width);
    await expectNoA11yViolations(page);
  });
});

test("a survey whose results wait for its deadline shows a voter no count anywhere; its surveyor and the admins see them", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  // The surveyor chooses it on the form.
  await signInAs(page, SURVEYOR);
  await page.goto("/dashboard/surveyor/create");
  const form = page.getByRole("form", { name: "Create Survey" });
  const title = `E2E kept results ${Date.now().toString(36)}`;
  const min = (await form.getByLabel("Deadline").getAttribute("min"))!;
  const deadline = addDays(min, 12);
  await form.getByLabel("Survey Title").fill(title);
  await form.getByLabel("Survey Description").fill("Made by the results end-to-end test: nobody sees a count before the deadline.");
  await form.getByLabel("Category").selectOption("Other");
  await form.getByLabel("Deadline").fill(deadline);
  await form.getByLabel("Question Title").fill("No herding");
  await form.getByLabel("Question Description").fill("Should results wait for the deadline?");
  await expect(form.getByRole("radio", { name: "After voting" })).toBeChecked();
  await form.getByRole("radio", { name: "When the survey closes" }).check();
  await expectNoA11yViolations(page);
  await form.getByRole("button", { name: "Submit Survey" }).click();
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/surveys$/);
  const row = page.getByRole("row").filter({ hasText: title });
  const id = (await row.getByRole("link", { name: `Details of ${title}` }).getAttribute("href"))!.split("/").pop()!;
  const hiddenLine = `Results are shown after voting closes at the end of ${formatDay(deadline)}.`;

  const voter = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `192.0.2.${Math.floor(Math.random() * 250) + 1}` } });
  const admin = await browser.newContext();
  await signInAs(admin.request, "admin@demo.test");
  try {
    // A voter: the line instead of counts, before and after voting, and after a reload.
    const person = newPerson("Kept voter");
    await registerThroughApi(voter.request, person);
    await signInAs(voter.request, person.email, person.password);
    const voterPage = await voter.newPage();
    await voterPage.goto(`/survey/details/${id}`);
    await expect(voterPage.getByTestId("survey-results-hidden")).toHaveText(hiddenLine);
    const vote = voterPage.getByRole("form", { name: "Vote on this survey" });
    await vote.getByRole("radio", { name: "Yes" }).check();
    await vote.getByRole("button", { name: "Submit" }).click();
    await expect(voterPage.getByText("Your vote counted successfully")).toBeVisible();
    await expect(voterPage.getByRole("status").filter({ hasText: "Your vote counted" })).toHaveText(
      `Your vote counted: Yes. ${hiddenLine}`,
    );
    for (const reload of [false, true]) {
      if (reload) await voterPage.reload();
      await expect(voterPage.getByTestId("my-vote")).toHaveText("You voted Yes");
      // When the results come is said once, under the deadline: not again beside the vote.
      await expect(voterPage.getByTestId("survey-results-hidden")).toHaveText(hiddenLine);
      await expect(voterPage.getByText(hiddenLine, { exact: true })).toHaveCount(1);
      for (const testId of ["results-summary", "results-chart", "yes-count", "no-count", "results-total"]) {
        await expect(voterPage.getByTestId(testId), testId).toHaveCount(0);
      }
    }
    await expectNoA11yViolations(voterPage);

    // Nor through the API, whoever asks but them.
    const nulls = { yesCount: null, noCount: null, stats: null, resultsHidden: true };
    expect(await (await voter.request.get(`/api/survey/${id}/results`)).json()).toMatchObject({ ...nulls, total: null });
    expect(await (await voter.request.get(`/api/vote/${id}`)).json()).toMatchObject({ ...nulls, myVote: { vote: "yes" } });
    expect(await (await voter.request.get(`/api/survey/${id}`)).json()).toMatchObject({ ...nulls, totalVotes: null, resultsVisibility: "after_deadline" });
    // The lists are cached: a vote marks them stale (served once more while refreshed), so wait for the
    // refresh that holds the new survey.
    const listed = async () =>
      ((await (await request.get("/api/all_surveys?sort=createdAt&limit=100")).json()) as { _id: string }[]).find((s) => s._id === id);
    await expect.poll(listed, { timeout: 10_000, intervals: [250] }).toBeDefined();
    expect(await listed()).toMatchObject({ ...nulls, totalVotes: null });

    // The cached public pages carry no count: the survey page (its JSON-LD too) and its card.
    const html = await (await voter.request.get(`/survey/details/${id}`)).text();
    expect(html).toContain("Results are shown after voting closes at the end of");
    expect(html).not.toContain("upvoteCount");
    await voterPage.goto(`/survey/details/${id}`);
    const image = await voter.request.get((await voterPage.locator('meta[property="og:image"]').getAttribute("content"))!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    // The embed for other sites says when the results come, and shows no bar.
    await voterPage.goto(`/embed/survey/${id}`);
    await expect(voterPage.getByTestId("embed-figures")).toHaveText(hiddenLine);
    await expect(voterPage.getByTestId("embed-bar")).toHaveCount(0);
    const card = voterPage.getByRole("listitem").filter({ has: voterPage.getByRole("link", { name: title }) });
    await expect(async () => {
      await voterPage.goto("/surveys?sort=createdAt");
      await expect(card).toHaveCount(1, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card.getByTestId("card-results-hidden")).toHaveText("Results after the deadline");
    await expect(card.getByTestId("card-votes")).toHaveCount(0);

    // Its surveyor sees the vote, the result in words, who sees it, and the chart with its intervals.
    await page.goto(`/dashboard/surveyor/surveys/${id}`);
    await expect(page.getByTestId("yes-count")).toHaveText("1");
    const result = page.getByTestId("surveyor-result").getByTestId("results-summary");
    await expect(result.getByTestId("results-reading")).toHaveText("The only voter said Yes: 100% of 1 vote.");
    await expect(result.getByTestId("results-margin")).toHaveText("With so few votes, the true share saying Yes could be anywhere from 21% to 100%.");
    await expect(result.getByTestId("results-verdict-line")).toHaveText("Too few votes to tell: it takes at least 10 votes to call a result.");
    await expect(page.getByTestId("results-visibility")).toContainText("Only you and the admins see these figures until voting closes at the end of");
    await page.getByRole("button", { name: "Show Chart" }).click();
    await expect(page.getByTestId("results-chart").getByTestId("result-interval")).toHaveCount(2);
    await expect(page.getByRole("table", { name: "Survey results by answer" }).getByRole("row", { name: "Yes 1 100% 21–100%" })).toHaveCount(1);
    await expectNoA11yViolations(page);

    // An admin sees it in Manage Surveys (the newest survey, on the first page).
    const adminPage = await admin.newPage();
    await adminPage.goto("/dashboard/admin/surveys");
    const adminRow = adminPage.getByRole("row").filter({ hasText: title });
    await expect(adminRow.getByTestId("results-reading")).toHaveText("The only voter said Yes: 100% of 1 vote.");
    // The list says the plain reading alone, so its rows stay short; the survey's admin page says all three.
    await expect(adminRow).not.toContainText("With so few votes");
    await expect(adminRow).not.toContainText("Too few votes to tell");
    await expect(adminRow.getByTestId("results-hidden-until")).toContainText("Hidden from the public until it closes");
  } finally {
    // Out of the public lists, so the other specs' open surveys stay ones that show their results.
    const response = await admin.request.post("/api/update_survey_status", {
      data: { id, status: "unpublish", feedbackMessage: "Removed by the results end-to-end test." },
    });
    expect(response.status()).toBe(200);
    await voter.close();
    await admin.close();
  }
});
