import { expect, test, type Page } from "@playwright/test";
import { seedSurveys } from "../scripts/demo-seed-data";
import { signInAs } from "./fixtures/session";

type ApiSurvey = { _id: string; title: string; category: string; yesCount: number; noCount: number; deadline: string };

const cardTitles = (page: Page) => page.getByRole("list", { name: "Surveys" }).getByRole("heading", { level: 3 }).allTextContents();

test("the home page shows 6 featured and 6 latest surveys, 3 steps and 7 FAQ items", async ({ page, request }) => {
  await page.goto("/");
  const featured = page.getByRole("list", { name: "Features Surveys" }).getByRole("listitem");
  const latest = page.getByRole("list", { name: "Latest Surveys" }).getByRole("listitem");
  await expect(featured).toHaveCount(6);
  await expect(latest).toHaveCount(6);
  await expect(page.getByRole("list", { name: "How It Works" }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("list", { name: "How It Works" }).getByRole("heading")).toHaveText([
    "Step 1: Create a Survey",
    "Step 2: Take a Survey",
    "Step 3: Analyze Results",
  ]);
  const questions = page.getByTestId("faq").locator("summary");
  await expect(questions).toHaveCount(7);

  // The same order as the public calls: most votes (ties newest first), then newest.
  const apiFeatured = (await (await request.get("/api/get_features_surveys")).json()) as ApiSurvey[];
  const apiLatest = (await (await request.get("/api/get_latest_survey")).json()) as ApiSurvey[];
  await expect(featured.getByRole("heading", { level: 3 })).toHaveText(apiFeatured.map((s) => s.title));
  // Latest: the newest surveys still open, none of them already featured.
  const featuredTitles = new Set(apiFeatured.map((s) => s.title));
  const today = new Date().toISOString().slice(0, 10);
  const newest = (await (await request.get("/api/all_surveys?sort=createdAt&limit=100")).json()) as ApiSurvey[];
  const expectedLatest = newest.filter((s) => s.deadline >= today && !featuredTitles.has(s.title)).slice(0, 6);
  await expect(latest.getByRole("heading", { level: 3 })).toHaveText(expectedLatest.map((s) => s.title));
  expect(apiLatest.length).toBeGreaterThan(0);
  await expect(featured.first().getByTestId("card-votes")).toHaveText(`Votes: ${apiFeatured[0].yesCount + apiFeatured[0].noCount}`);

  const question = questions.filter({ hasText: "Can I export survey data for further analysis?" });
  await question.click();
  await expect(question.locator("xpath=..")).toHaveAttribute("open", "");
  await expect(page.getByText("Export CSV on your survey's results page downloads the survey")).toBeVisible();

  await page.getByRole("link", { name: "Explore Now" }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(page.getByRole("heading", { level: 1, name: "All Surveys" })).toBeVisible();
});

test("sorting, filtering and paging change both the cards and the URL", async ({ page, request }) => {
  const api = async (query: string) =>
    ((await (await request.get(`/api/all_surveys?limit=12&${query}`)).json()) as ApiSurvey[]).map((s) => s.title);

  await page.goto("/surveys");
  await expect.poll(() => cardTitles(page)).toEqual(await api("sort=totalVotes"));

  await page.getByLabel("Sort by").selectOption("createdAt");
  await expect(page).toHaveURL(/\/surveys\?sort=createdAt$/);
  await expect.poll(() => cardTitles(page)).toEqual(await api("sort=createdAt"));

  await page.getByLabel("Category").selectOption("Health");
  await expect(page).toHaveURL(/\/surveys\?sort=createdAt&category=Health$/);
  const health = await api("sort=createdAt&category=Health");
  expect(health.length).toBeGreaterThan(0);
  await expect.poll(() => cardTitles(page)).toEqual(health);
  await expect(page.getByRole("list", { name: "Surveys" }).getByText("Health", { exact: true })).toHaveCount(health.length);

  // A shared link opens the same view.
  await page.goto("/surveys?category=Health&sort=createdAt");
  await expect(page.getByLabel("Category")).toHaveValue("Health");
  await expect(page.getByLabel("Sort by")).toHaveValue("createdAt");

  await page.goto("/surveys");
  await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/surveys\?page=2$/);
  await expect.poll(() => cardTitles(page)).toEqual(await api("page=2"));
  await expect(page.getByText("Page 2 of")).toBeVisible();

});

test("past the last page, /surveys says there is no such page and links to the last one, also on a phone", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const total = ((await (await request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[]).length;
  const pages = Math.ceil(total / 12);
  await page.goto("/surveys?page=99");
  await expect(page.getByTestId("empty-state")).toContainText(`There is no page 99: this list has ${pages} pages.`);
  await expect(page.getByText("Page 99 of")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("link", { name: `Go to page ${pages}` }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys\\?page=${pages}$`));
  await expect(page.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  // Beyond the largest page number any list has, and a page that is not a number: the nearest valid view.
  await page.goto("/surveys?page=5000&category=Health");
  await expect(page).toHaveURL(/\/surveys\?category=Health&page=1000$/);
  await expect(page.getByTestId("empty-state")).toContainText("There is no page 1000");
  await page.goto("/surveys?page=abc&sort=createdAt");
  await expect(page).toHaveURL(/\/surveys\?sort=createdAt$/);
});

test("a survey page shows its public details, structured data and canonical URL", async ({ page, request }) => {
  const [survey] = (await (await request.get("/api/all_surveys?sort=createdAt&limit=1")).json()) as ApiSurvey[];
  await page.goto("/surveys?sort=createdAt");
  await page.getByRole("list", { name: "Surveys" }).getByRole("link", { name: survey.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/survey/details/${survey._id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(survey.title);
  await expect(page.getByTestId("survey-category")).toHaveText(survey.category);
  await expect(page.getByTestId("survey-deadline")).toHaveAttribute("datetime", survey.deadline);
  await expect(page).toHaveTitle(`${survey.title} | OPINEX`);

  // What a crawler reads: the page as a first load.
  await page.reload();
  await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/survey/details/${survey._id}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /opengraph-image/);
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
  expect(jsonLd).toMatchObject({ "@type": "Question", name: survey.title });

  const image = await request.get((await page.locator('meta[property="og:image"]').getAttribute("content"))!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("unknown, malformed and unpublished surveys are a 404 for the public", async ({ page, request }) => {
  for (const id of ["not-a-survey", "6f0d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50"]) {
    const response = await page.goto(`/survey/details/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("this is a error page");
  }

  // The seeded unpublished survey is in no public list.
  const hiddenTitle = seedSurveys[1][2].title;
  const listed = (await (await request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[];
  expect(listed.length).toBeGreaterThan(12);
  expect(listed.map((s) => s.title)).not.toContain(hiddenTitle);
  await page.goto("/surveys?category=" + seedSurveys[1][2].category);
  await expect(page.getByRole("list", { name: "Surveys" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText(hiddenTitle)).toHaveCount(0);

  // Its page, found through its own surveyor's list (GET /api/surveys/{email}).
  await signInAs(request, "surveyor2@demo.test");
  const own = await request.get("/api/surveys/surveyor2@demo.test");
  expect(own.status()).toBe(200);
  const hidden = ((await own.json()) as (ApiSurvey & { status: string })[]).find((s) => s.title === hiddenTitle);
  expect(hidden?.status).toBe("unpublish");
  const response = await page.goto(`/survey/details/${hidden!._id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("this is a error page");
});

test("pricing: signed-out visitors are asked to log in first, and /payment goes to the login page", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { name: "Extended" })).toBeVisible();
  await expect(page.getByText("$16")).toBeVisible();
  await expect(page.getByText("Unlimited surveys")).toBeVisible();
  await page.getByRole("button", { name: "Purchase" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: "Login First" })).toBeVisible();
  await expect(dialog).toContainText("Please login to purchase this item");
  await expect(dialog.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login?callbackUrl=%2Fpricing");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/pricing$/);
  // And the payment page itself sends them to log in, back to it afterwards.
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpayment/);
});

test("pricing: a signed-in user goes to /payment; a pro_user is told they already have the plan", async ({ page }) => {
  await signInAs(page, "user@demo.test");
  await page.goto("/pricing");
  await expect(page.getByRole("link", { name: "Purchase" })).toHaveAttribute("href", "/payment");

  await page.context().clearCookies();
  await signInAs(page, "pro@demo.test");
  await page.goto("/pricing");
  await expect(page.getByText("You already have the Extended plan.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Purchase" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Purchase" })).toHaveCount(0);
});

test("the contact form checks its fields, then stores the message", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByTitle(/Map of the OPINEX office/)).toBeAttached();
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();

  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill("Playwright Visitor");
  await form.getByLabel("Email").fill("not-an-email");
  await form.getByLabel("Message").fill("Hello from the end-to-end test of the contact form.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();

  await form.getByLabel("Email").fill(`visitor-${Date.now()}@example.com`);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/contact") && r.request().method() === "POST"),
    page.getByRole("button", { name: "Send Message" }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect((await response.json()).insertedId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText("Message sent")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("");
});

test("about shows the company story and a titled map", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByText(/founded in 2020/)).toBeVisible();
  await expect(page.getByTitle(/Map of the OPINEX office/)).toBeAttached();
});

test("search engines get robots.txt and a sitemap with every published survey", async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /dashboard");
  expect(robots).toContain("Disallow: /api");
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const published = (await (await request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[];
  expect(published.length).toBeGreaterThan(0);
  for (const s of published) expect(sitemap).toContain(`/survey/details/${s._id}</loc>`);
  for (const path of ["/surveys", "/pricing", "/about", "/contact", "/privacy", "/terms"]) expect(sitemap).toContain(`${path}</loc>`);
});

test("no public page, embed, list or call carries a surveyor's address", async ({ request, baseURL }) => {
  // The demo surveyor's own published survey, found as the public finds it.
  const all = (await (await request.get("/api/all_surveys?limit=100")).json()) as (ApiSurvey & { surveyorEmail: unknown })[];
  const survey = all.find((s) => s.title === seedSurveys[0][0].title)!;
  expect(survey).toBeDefined();
  expect(all.every((s) => s.surveyorEmail === null)).toBe(true);
  const pages = [
    `/survey/details/${survey._id}`,
    "/surveys",
    "/surveys?sort=createdAt",
    "/",
    `/embed/survey/${survey._id}`,
    `/api/oembed?url=${encodeURIComponent(`${baseURL}/survey/details/${survey._id}`)}`,
    "/sitemap.xml",
    "/api/get_features_surveys",
    "/api/get_latest_survey",
    `/api/survey/${survey._id}`,
  ];
  for (const path of pages) {
    // The HTML with its inline RSC payload, and the RSC payload a client-side navigation fetches.
    for (const headers of [{}, { RSC: "1" }] as Record<string, string>[]) {
      const response = await request.get(path, { headers });
      expect(response.status(), path).toBe(200);
      const text = await response.text();
      expect(text, `${path} ${JSON.stringify(headers)}`).not.toContain("surveyor@demo.test");
      expect(text, `${path} ${JSON.stringify(headers)}`).not.toContain("@demo.test");
    }
  }
});
