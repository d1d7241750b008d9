// The search and the open/closed filter of /surveys, on the production build: typed words find the
// surveys the API finds, the filter keeps the search and the search the filter, pages keep both, an
// empty search says so and offers the way back, each search is one cached page (shared lifetime, ETag,
// 304), and the form works without JavaScript on a phone.
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";

type ApiSurvey = { title: string };
const cardTitles = (page: Page) => page.getByRole("list", { name: "Surveys" }).getByRole("heading", { level: 3 }).allTextContents();

test("search, filter, pages and the empty state at 1280 px (the empty state also at 390 px); each search one cached page", async ({ page, request }) => {
  const api = async (query: string) => ((await (await request.get(`/api/all_surveys?limit=12&${query}`)).json()) as ApiSurvey[]).map((s) => s.title);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/surveys");

  // Typed with capitals, punctuation and spaces: the URL holds the normalised search.
  await page.getByLabel("Search surveys").fill("  Remote WORK!! ");
  await page.getByLabel("Search surveys").press("Enter");
  await expect(page).toHaveURL(/\/surveys\?q=remote\+work$/);
  const remote = await api("q=remote+work");
  expect(remote.length).toBeGreaterThan(0);
  await expect.poll(() => cardTitles(page)).toEqual(remote);
  await expect(page.getByText(/^\d+ surveys? match(es)? remote work$/)).toBeVisible();

  // The filter keeps the search (and the search form the filter).
  await page.getByLabel("Status").selectOption("open");
  await expect(page).toHaveURL(/\/surveys\?q=remote\+work&status=open$/);
  await expect.poll(() => cardTitles(page)).toEqual(await api("q=remote+work&status=open"));
  await expect(page.getByRole("search").locator('input[type="hidden"][name="status"]')).toHaveValue("open");
  await expect(page.getByLabel("Search surveys")).toHaveValue("remote work");

  // No match: said so, with a way back that keeps the filter.
  await page.getByLabel("Search surveys").fill("zebra");
  await page.getByLabel("Search surveys").press("Enter");
  await expect(page).toHaveURL(/\/surveys\?q=zebra&status=open$/);
  const empty = page.getByTestId("empty-state");
  await expect(empty).toContainText("No surveys match zebra.");
  // The quotation marks are the browser's (<q>): “zebra”.
  expect(await empty.locator("q").evaluate((q) => getComputedStyle(q, "::before").content)).not.toBe("none");
  expect((await analyzePage(page)).violations.map((v) => v.id)).toEqual([]);
  // The same page on a phone: the form and the filters wrap, nothing scrolls sideways, axe is content.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await analyzePage(page)).violations.map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await empty.getByRole("link", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/surveys\?status=open$/);
  await expect(page.getByText(/^\d+ open surveys$/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" })).toHaveAttribute("href", "/surveys?status=open&page=2");

  // Pages keep the search and the filter (words joined by "or": enough matches for two pages).
  const many = "people or day or school or week or free or year";
  const manyUrl = `/surveys?q=${many.replaceAll(" ", "+")}&status=open`;
  expect((await (await request.get(`/api/all_surveys?limit=100&q=${encodeURIComponent(many)}&status=open`)).json()).length).toBeGreaterThan(12);
  const listPage = await request.get(manyUrl);
  expect(await listPage.text()).toContain(`href="${manyUrl.replaceAll("&", "&amp;")}&amp;page=2"`);

  // Each search is a cached page: a shared lifetime, an ETag and a 304 for it; a search typed as is
  // (the form without JavaScript) is redirected once to its normalised URL.
  await request.get("/surveys?q=remote+work");
  const cached = await request.get("/surveys?q=remote+work");
  expect(cached.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  const etag = cached.headers()["etag"];
  expect(etag).toBeTruthy();
  expect((await request.get("/surveys?q=remote+work", { headers: { "if-none-match": etag } })).status()).toBe(304);
  const typed = await request.get("/surveys?q=Remote++Work%21&sort=createdAt", { maxRedirects: 0 });
  expect(typed.status()).toBe(307);
  expect(typed.headers()["location"]).toMatch(/\/surveys\?q=remote\+work&sort=createdAt$/);
});

test("without JavaScript on a 390 px phone: the search form is a plain GET, nothing scrolls sideways", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/surveys?status=closed");
  await page.getByLabel("Search surveys").fill("Remote WORK");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/surveys\?q=remote\+work&status=closed$/);
  await expect(page.getByLabel("Status")).toHaveValue("closed");
  await expect(page.getByText(/ closed surveys? match(es)? remote work$|^0 closed surveys match/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
