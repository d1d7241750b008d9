import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { parse } from "csv-parse/sync";
import { signInAs } from "./fixtures/session";
import { addDays, createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";
import { DESKTOP, layOutAt } from "./fixtures/widths";

// The surveyor's workspace. Every test makes its own surveys (as surveyor@demo.test) and its own
// voters, so the seeded surveys other specs use are left as they were.

const SURVEYOR = "surveyor@demo.test";

async function expectNoA11yViolations(page: Page) {
  const results = await analyzePage(page);
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test("a surveyor creates a survey and finds it in All Surveys, on /surveys and on its own page, then edits it", async ({ page }) => {
  await signInAs(page, SURVEYOR);
  await page.goto("/dashboard/surveyor/create");
  await expect(page.getByRole("heading", { name: "Create Survey" })).toBeVisible();
  const form = page.getByRole("form", { name: "Create Survey" });
  await expect(form.getByLabel("Category")).toHaveValue("");
  await expectNoA11yViolations(page);

  // An empty submit names every field and sends nothing.
  await form.getByRole("button", { name: "Submit Survey" }).click();
  for (const message of [
    "Title is required",
    "Description is required",
    "Category is required",
    "Deadline is required",
    "Question title is required",
    "Question description is required",
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/create$/);
  await expectNoA11yViolations(page);

  const title = `E2E created survey ${unique()}`;
  const min = (await form.getByLabel("Deadline").getAttribute("min"))!;
  await form.getByLabel("Survey Title").fill(title);
  await expect(form.getByText(`${title.length}/120 characters`)).toBeVisible();
  await form.getByLabel("Survey Description").fill("Made by an end-to-end test: should this show everywhere at once?");
  await form.getByLabel("Category").selectOption("Technology");
  // A day before the minimum is refused by the same schema as the server's.
  await form.getByLabel("Deadline").fill(addDays(min, -1));
  await form.getByLabel("Question Title").fill("Everywhere at once");
  await form.getByLabel("Question Description").fill("Does a new survey appear on every page at once?");
  await form.getByRole("button", { name: "Submit Survey" }).click();
  await expect(form.getByText("The deadline cannot be before today")).toBeVisible();
  await form.getByLabel("Deadline").fill(addDays(min, 10));
  await form.getByRole("button", { name: "Submit Survey" }).click();

  await expect(page.getByText("Successful!", { exact: true })).toBeVisible();
  await expect(page.getByText("Your survey created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/surveys$/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").first()).toHaveText("1");
  await expect(row).toContainText("Technology");
  await expect(row).toContainText("Published");
  for (const header of ["Serial No", "Title", "Category", "Deadline", "Status", "Votes", "Update", "Details"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  await expectNoA11yViolations(page);
  const id = (await row.getByRole("link", { name: `Details of ${title}` }).getAttribute("href"))!.split("/").pop()!;

  await page.goto("/surveys?sort=createdAt");
  await expect(page.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await page.goto(`/survey/details/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Edit it: the same form, filled in.
  await page.goto("/dashboard/surveyor/surveys");
  await page.getByRole("link", { name: `Update ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Update Survey" })).toBeVisible();
  const edit = page.getByRole("form", { name: "Update Survey" });
  await expect(edit.getByLabel("Survey Title")).toHaveValue(title);
  await expect(edit.getByLabel("Category")).toHaveValue("Technology");
  await expect(edit.getByLabel("Deadline")).toHaveValue(addDays(min, 10));
  const edited = `${title} (edited)`;
  await edit.getByLabel("Survey Title").fill(edited);
  await edit.getByLabel("Category").selectOption("Health");
  await edit.getByRole("button", { name: "Update Survey" }).click();
  await expect(page.getByText("survey information updated successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/surveys$/);
  await expect(page.getByRole("row").filter({ hasText: edited })).toContainText("Health");
  await page.goto(`/survey/details/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(edited);
});

test("the results page shows the counts, the chart on demand, the voters, the votes over time, and a CSV that matches", async ({ page, browser }) => {
  await signInAs(page, SURVEYOR);
  const title = `E2E results survey ${unique()}`;
  const id = await createSurveyThroughApi(page.request, title, "Education");

  await page.goto(`/dashboard/surveyor/surveys/${id}`);
  await expect(page.getByText("No voters yet.")).toBeVisible();
  await expect(page.getByTestId("votes-over-time-summary")).toHaveText("No votes yet.");
  // Nothing to draw: no empty chart.
  await expect(page.getByTestId("votes-over-time-chart")).toHaveCount(0);
  // No range yet, so nothing to explain about one.
  await expect(page.getByTestId("surveyor-result")).toContainText("No votes yet.");
  await expect(page.getByText(/The range is the 95% confidence interval/)).toHaveCount(0);

  const voters = [
    { ...(await voteAsNewPerson(browser, id, "yes", "Ada")), vote: "Yes" },
    { ...(await voteAsNewPerson(browser, id, "no", "Bo")), vote: "No" },
    { ...(await voteAsNewPerson(browser, id, "yes", "Cy")), vote: "Yes" },
  ];

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("yes-count")).toHaveText("2");
  await expect(page.getByTestId("no-count")).toHaveText("1");
  await expect(page.getByTestId("total-votes")).toHaveText("3");
  await expect(page.getByTestId("surveyor-result").getByText(/^The range is the 95% confidence interval/)).toBeVisible();

  // The chart appears and goes away with the button.
  await expect(page.getByRole("heading", { name: "Survey Results Chart" })).toHaveCount(0);
  await page.getByRole("button", { name: "Show Chart" }).click();
  await expect(page.getByRole("heading", { name: "Survey Results Chart" })).toBeVisible();
  expect((await page.getByTestId("results-chart").boundingBox())!.height).toBe(300);
  // The result in words says the total once; each bar carries its share on a scale marked 0%, 50% and
  // 100%; the figures are a table for screen readers.
  await expect(page.getByTestId("surveyor-result").getByTestId("results-reading")).toHaveText("Most voters said Yes: 67% of 3 votes.");
  await expect(page.getByTestId("surveyor-result").getByTestId("results-verdict-line")).toHaveText(
    "Too few votes to tell: it takes at least 10 votes to call a result.",
  );
  await expect(page.getByTestId("bar-yes")).toContainText("67%");
  await expect(page.getByTestId("bar-no")).toContainText("33%");
  await expect(page.getByTestId("results-tick")).toHaveText(["0%", "50%", "100%"]);
  await expect(page.getByRole("heading", { name: "Survey Results Chart" })).toHaveText("Survey Results Chart");
  const figures = page.getByRole("table", { name: "Survey results by answer" });
  await expect(figures.getByRole("row", { name: "Yes 2 67%" })).toHaveCount(1);
  await expect(figures.getByRole("row", { name: "No 1 33%" })).toHaveCount(1);
  // Yes and No are told apart by colour too (the Open Graph image's two).
  const fill = (key: string) => page.getByTestId(`bar-${key}`).locator("div").evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await fill("yes")).toBe("rgb(134, 239, 172)");
  expect(await fill("no")).toBe("rgb(254, 202, 202)");
  await page.getByRole("button", { name: "Hide Chart" }).click();
  await expect(page.getByRole("heading", { name: "Survey Results Chart" })).toHaveCount(0);

  // Votes over time: today's three votes.
  await expect(page.getByTestId("votes-over-time-summary")).toContainText("3 votes over 1 day");
  await expect(page.getByTestId("votes-over-time").locator(".recharts-line")).toHaveCount(2);

  // Voters Information, in voting order.
  const table = page.getByRole("table", { name: "Voters Information" });
  for (const header of ["Serial No", "User Name", "User Email", "Vote", "Comment"]) {
    await expect(table.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(4);
  const shown: string[][] = [];
  for (let i = 1; i <= 3; i++) shown.push((await rows.nth(i).getByRole("cell").allTextContents()).slice(0, 4).map((s) => s.trim()));
  expect(shown).toEqual(voters.map((v, i) => [String(i + 1), v.name, v.email, v.vote]));
  await expectNoA11yViolations(page);

  // The CSV download holds the same voters.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^e2e-results-survey-.*\.csv$/);
  const text = fs.readFileSync((await download.path())!, "utf8");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const records = parse(text.slice(1), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  expect(records[0]).toEqual(["Survey", title]);
  expect(records).toContainEqual(["Total Votes", "3"]);
  const header = records.findIndex((r) => r[0] === "Serial No");
  expect(records[header]).toEqual(["Serial No", "User Name", "User Email", "Vote", "Comment", "Voted At"]);
  expect(records.slice(header + 1).map((r) => r.slice(0, 4))).toEqual(shown);

  // Before changing the question, the writer is told how many people already voted on it.
  await page.getByRole("link", { name: "Update" }).click();
  await expect(page.getByTestId("votes-warning")).toContainText("3 people have already voted on this survey");
});

/** The points of a drawn line, in SVG coordinates (y grows downwards). */
const pointsOf = (d: string) => [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

test("votes over time, at 1280 and 375 px: running totals as steps that never fall and end at the survey's totals, with a readable date axis", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInAs(page, SURVEYOR);
  // The seeded survey with the most votes: they were cast over many days.
  const mine = (await (await page.request.get(`/api/surveys/${encodeURIComponent(SURVEYOR)}`)).json()) as { _id: string; totalVotes: number }[];
  const survey = mine.sort((a, b) => b.totalVotes - a.totalVotes)[0];
  expect(survey.totalVotes).toBeGreaterThan(5);
  await page.goto(`/dashboard/surveyor/surveys/${survey._id}`);
  const yes = Number(await page.getByTestId("yes-count").textContent());
  const no = Number(await page.getByTestId("no-count").textContent());
  const section = page.getByTestId("votes-over-time");
  await expect(page.getByTestId("votes-over-time-summary")).toContainText(/over \d+ days/);

  // One load: the chart is laid out again at the phone's width (its container measures itself on
  // resize, and the number of dates on its axis follows that measure).
  for (const [name, viewport] of Object.entries({ desktop: DESKTOP, phone: { width: 375, height: 812 } })) {
    await layOutAt(page, viewport);
    // Two lines, Yes and No in the results bars' edge colours, each never going down.
    const lines = section.locator("path.recharts-line-curve");
    await expect(lines).toHaveCount(2);
    expect(await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute("stroke")))).toEqual(["#15803d", "#b91c1c"]);
    for (const d of await lines.evaluateAll((paths) => paths.map((p) => p.getAttribute("d") ?? ""))) {
      const points = pointsOf(d);
      expect(points.length, name).toBeGreaterThan(2);
      for (let i = 1; i < points.length; i++) {
        expect(points[i].x).toBeGreaterThanOrEqual(points[i - 1].x - 0.01);
        expect(points[i].y).toBeLessThanOrEqual(points[i - 1].y + 0.01);
      }
    }

    // The last day's point is the survey's totals: in the tooltip at the right end, and in the table.
    await section.getByTestId("votes-over-time-chart").scrollIntoViewIfNeeded();
    const grid = (await section.locator(".recharts-cartesian-grid").boundingBox())!;
    await page.mouse.move(grid.x + grid.width - 1, grid.y + grid.height / 2);
    const tooltip = page.getByTestId("votes-over-time-tooltip");
    await expect(tooltip).toContainText(`Yes: ${yes} in all`);
    await expect(tooltip).toContainText(`No: ${no} in all`);
    const table = section.getByRole("table", { name: "Running totals of yes and no votes, on each day with votes" });
    const lastRow = (await table.getByRole("row").last().getByRole("cell").allTextContents()).map((c) => c.trim());
    expect(lastRow.slice(-2)).toEqual([String(yes), String(no)]);
    await page.mouse.move(0, 0);

    // A few dates on the axis, none overlapping another, none past the chart's edges.
    // (Retried: the chart draws its new width a frame after it measures it.)
    await expect(async () => {
      const chart = (await section.getByTestId("votes-over-time-chart").boundingBox())!;
      expect(chart.width, name).toBeLessThanOrEqual(viewport.width);
      const labels = section.locator(".recharts-xAxis-tick-labels text");
      const boxes = (await labels.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()))) as DOMRect[];
      expect(boxes.length, name).toBeGreaterThanOrEqual(2);
      if (name === "phone") expect(boxes.length).toBeLessThanOrEqual(4);
      for (let i = 0; i < boxes.length; i++) {
        expect(boxes[i].left, name).toBeGreaterThanOrEqual(chart.x - 0.5);
        expect(boxes[i].right, name).toBeLessThanOrEqual(chart.x + chart.width + 0.5);
        if (i > 0) expect(boxes[i].left, name).toBeGreaterThan(boxes[i - 1].right + 4);
      }
    }).toPass({ timeout: 5_000 });
    await expectNoA11yViolations(page);
  }
});

test("a surveyor reads an admin's unpublish feedback in Feedbacks", async ({ page }) => {
  // surveyor2@'s seeded survey was unpublished by an admin with this message.
  await signInAs(page, "surveyor2@demo.test");
  await page.goto("/dashboard/surveyor/feedbacks");
  await expect(page.getByRole("heading", { name: "Survey List" })).toBeVisible();
  for (const header of ["Serial No", "Title", "Description", "Status", "Feedback"]) {
    await expect(page.getByRole("columnheader", { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByRole("row").filter({ hasText: "The question asks about a commercial service" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Unpublished");
  // The description is cut to its first 20 characters.
  const description = (await row.getByRole("cell").nth(2).textContent())!.trim();
  expect(description.replace(/\.\.\.$/, "").length).toBeLessThanOrEqual(20);
  await expectNoA11yViolations(page);

  // surveyor@ has no feedback in the seed: the empty state.
  await signInAs(page, SURVEYOR);
  await page.goto("/dashboard/surveyor/feedbacks");
  await expect(page.getByRole("row").filter({ hasText: "The question asks about a commercial service" })).toHaveCount(0);
});

test("another surveyor's survey is refused on the results page, the update page and the API", async ({ page }) => {
  await signInAs(page, SURVEYOR);
  // Signed in, a surveyor sees only their own address in the list: another's survey has none.
  const list = (await (await page.request.get("/api/all_surveys?limit=100")).json()) as { _id: string; surveyorEmail: string | null }[];
  expect(list.filter((s) => s.surveyorEmail === "surveyor@demo.test").length).toBeGreaterThan(0);
  expect(list.filter((s) => s.surveyorEmail !== null).every((s) => s.surveyorEmail === "surveyor@demo.test")).toBe(true);
  const theirs = list.find((s) => s.surveyorEmail === null)!;
  await page.goto(`/dashboard/surveyor/surveys/${theirs._id}`);
  await expect(page.getByText("Error loading survey: You can only manage your own surveys")).toBeVisible();
  await page.goto(`/dashboard/surveyor/update/${theirs._id}`);
  await expect(page.getByRole("form", { name: "Update Survey" })).toHaveCount(0);
  await page.goto("/dashboard/surveyor/surveys/not-a-survey");
  await expect(page.getByText("Error loading survey: No such survey")).toBeVisible();
  expect((await page.request.get(`/api/survey/${theirs._id}/voters`)).status()).toBe(403);
  expect((await page.request.get(`/api/survey/${theirs._id}/export`)).status()).toBe(403);
  expect((await page.request.put(`/api/updateDocument/${theirs._id}`, { data: { title: "Taken over" } })).status()).toBe(403);
});
