import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { signInAs } from "./fixtures/session";
import { layOutAt } from "./fixtures/widths";

// The design at phone width (390 by 844): dashboards without sideways scrolling, navigation that says
// where you are, the site menu as a proper dialog, whole-card links and touch-sized controls.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function noSidewaysScroll(page: Page, path: string) {
  const widths = await page.evaluate(() => ({ client: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
  expect(widths.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(widths.client);
}

/** Every dashboard table is a stack of cards here: each row fits the screen and its cells sit one under another. */
async function tablesAreCards(page: Page, path: string) {
  const rows = page.getByTestId("data-table").locator("tbody tr");
  const n = Math.min(await rows.count(), 3);
  for (let i = 0; i < n; i++) {
    const cells = rows.nth(i).getByRole("cell");
    const [row, first, second] = await Promise.all([rows.nth(i).boundingBox(), cells.nth(0).boundingBox(), cells.nth(1).boundingBox()]);
    expect(row!.x, path).toBeGreaterThanOrEqual(0);
    expect(row!.x + row!.width, path).toBeLessThanOrEqual(390);
    expect(second!.y, `${path}: cells stacked`).toBeGreaterThanOrEqual(first!.y + first!.height - 1);
  }
}

const dashboards: [string, [string, string][]][] = [
  [
    "admin@demo.test",
    [
      ["/dashboard/admin", "Overview"],
      ["/dashboard/admin/users", "Manage User"],
      ["/dashboard/admin/surveys", "Manage Surveys"],
      ["/dashboard/admin/surveys?reported=1", "Manage Surveys"],
      ["/dashboard/admin/payments", "Payments"],
      ["/dashboard/admin/messages", "Messages"],
    ],
  ],
  [
    "surveyor@demo.test",
    [
      ["/dashboard/surveyor", "Overview"],
      ["/dashboard/surveyor/create", "Create Survey"],
      ["/dashboard/surveyor/surveys", "All Surveys"],
      ["/dashboard/surveyor/feedbacks", "Feedbacks"],
    ],
  ],
  [
    "user@demo.test",
    [
      ["/dashboard/user", "Overview"],
      ["/dashboard/user/surveys", "Participated Surveys"],
      ["/dashboard/user/my-reports", "My Reported Surveys"],
    ],
  ],
  [
    "pro@demo.test",
    [
      ["/dashboard/pro_user", "Overview"],
      ["/dashboard/pro_user/surveys", "Participated Surveys"],
      ["/dashboard/pro_user/my-reports", "My Reported Surveys"],
      ["/dashboard/pro_user/comments", "My Commented Surveys"],
      ["/dashboard/pro_user/billing", "Billing"],
    ],
  ],
];

for (const [email, pages] of dashboards) {
  test(`${email}: every dashboard page fits the phone, names the current section and shows tables as cards`, async ({ page }) => {
    await signInAs(page, email);
    const visited = [...pages];
    if (email === "surveyor@demo.test") {
      // A survey's results page and its update form, reached from All Surveys.
      await page.goto("/dashboard/surveyor/surveys");
      const details = await page.getByRole("link", { name: /^Details of / }).first().getAttribute("href");
      const update = await page.getByRole("link", { name: /^Update / }).first().getAttribute("href");
      visited.push([details!, "All Surveys"], [update!, "All Surveys"]);
    }
    for (const [path, section] of visited) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("current-section"), path).toHaveText(section);
      await expect(page.getByTestId("current-section")).toBeInViewport();
      await noSidewaysScroll(page, path);
      await tablesAreCards(page, path);
    }
  });
}

test("the dashboard's Sections sheet marks the current page, closes on Escape and gives focus back", async ({ page }) => {
  await signInAs(page, "surveyor@demo.test");
  await page.goto("/dashboard/surveyor/feedbacks");
  const open = page.getByRole("button", { name: "Sections" });
  const sheet = page.getByRole("dialog", { name: "Surveyor dashboard" });
  // The page can arrive before its script has run; a tap before hydration does nothing, so tap again.
  await expect(async () => {
    if (!(await sheet.isVisible())) await open.click();
    await expect(sheet).toBeVisible({ timeout: 1000 });
  }).toPass();
  const current = sheet.getByRole("link", { name: "Feedbacks" });
  await expect(current).toHaveAttribute("aria-current", "page");
  await expect(current).toBeInViewport();
  for (const label of ["Home", "Overview", "Create Survey", "All Surveys"]) {
    const box = (await sheet.getByRole("link", { name: label, exact: true }).boundingBox())!;
    expect(box.height, label).toBeGreaterThanOrEqual(44);
  }
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await page.getByRole("dialog").getByRole("link", { name: "All Surveys" }).click();
  await expect(page).toHaveURL(/\/dashboard\/surveyor\/surveys$/);
  await expect(page.getByTestId("current-section")).toHaveText("All Surveys");
});

test("the site menu is a dialog: focus stays inside, Escape and a tap outside close it, focus returns to its button", async ({ page }) => {
  await page.goto("/surveys");
  const button = page.getByRole("button", { name: "Open menu" });
  await button.click();
  const menu = page.getByRole("dialog", { name: "OPINEX" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "Surveys" })).toHaveAttribute("aria-current", "page");

  // Every item is a 44 px target; Register looks like the desktop's Register button.
  for (const name of ["Home", "Surveys", "Pricing", "About", "Contact", "Login", "Register"]) {
    const box = (await menu.getByRole("link", { name, exact: true }).boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(44);
  }
  const signUp = menu.getByRole("link", { name: "Register" });
  expect(await signUp.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(29, 78, 216)");
  expect(await signUp.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 255, 255)");

  // Focus is trapped: tabbing round never leaves the menu.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("Tab");
    expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await button.click();
  await expect(menu).toBeVisible();
  // A tap on the dimmed page beside the sheet.
  await page.mouse.click(20, 400);
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();
  await noSidewaysScroll(page, "/surveys");
});

test("a survey card is one link as a whole and says whether the survey is open", async ({ page }) => {
  await page.goto("/surveys?sort=createdAt");
  const cards = page.getByRole("list", { name: "Surveys" }).getByRole("listitem");
  const first = cards.first();
  // One accessible link per card, named by the survey's title.
  await expect(first.getByRole("link")).toHaveCount(1);
  const title = (await first.getByRole("heading").textContent())!.trim();
  await expect(first.getByRole("link")).toHaveAccessibleName(title);
  for (const card of await cards.all()) {
    await expect(card.getByTestId("card-deadline")).toHaveText(/^(Closes [A-Z][a-z]{2} \d{1,2}(, \d{4})?|Closed)$/);
    const description = (await card.locator("p").first().textContent())!;
    expect(description.length).toBeLessThanOrEqual(83);
  }
  // A tap on the card's description (not the title) opens the survey.
  const box = (await first.locator("p").first().boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/survey\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("deadline-note")).toHaveText(/^Voting (closes at the end of [A-Z][a-z]{2} \d{1,2}, \d{4} \(UTC\)|closed on [A-Z][a-z]{2} \d{1,2}, \d{4})$/);
  await noSidewaysScroll(page, "survey page");
});

test("Yes, No, Submit and Report are touch-sized; Submit is the primary button and Report comes after the answers", async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.151" },
  });
  const page = await context.newPage();
  const person = newPerson("Thumb");
  await registerThroughApi(page.request, person);
  await signInAs(page, person.email, person.password);
  await page.goto("/surveys?sort=createdAt");
  // The newest open survey (a fresh account has voted on nothing).
  await page.getByRole("list", { name: "Surveys" }).getByRole("listitem").filter({ hasText: "Closes" }).first().getByRole("link").click();
  const form = page.getByRole("form", { name: "Vote on this survey" });
  await expect(form).toBeVisible();
  for (const name of ["Yes", "No"]) {
    const box = (await form.locator("label").filter({ hasText: name }).boundingBox())!;
    expect(box.height, name).toBeGreaterThanOrEqual(44);
    expect(box.width, name).toBeGreaterThanOrEqual(44);
  }
  const submit = form.getByRole("button", { name: "Submit" });
  expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await submit.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(29, 78, 216)");
  const report = page.getByRole("button", { name: "Report" });
  const reportBox = (await report.boundingBox())!;
  expect(reportBox.height).toBeGreaterThanOrEqual(44);
  expect(reportBox.y).toBeGreaterThan((await submit.boundingBox())!.y);
  await noSidewaysScroll(page, "vote form");
  const results = await analyzePage(page, "iframe");
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});

test("the footer folds into a compact block on phones; at 1280 px the About page's map card is as tall as its map and link, with no empty band", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  const box = (await footer.boundingBox())!;
  expect(box.height).toBeLessThan(520);
  // Two columns of link groups side by side.
  const [product, company] = [await footer.getByRole("navigation", { name: "Product" }).boundingBox(), await footer.getByRole("navigation", { name: "Company" }).boundingBox()];
  expect(Math.abs(product!.y - company!.y)).toBeLessThan(2);
  await noSidewaysScroll(page, "/about");

  // The same page laid out at a desktop's width (e2e/fixtures/widths.ts).
  await layOutAt(page, { width: 1280, height: 800 });
  const link = page.getByRole("link", { name: "View a larger map" });
  const card = link.locator("..");
  const [cardBox, frameBox, linkBox] = [await card.boundingBox(), await card.locator("iframe").boundingBox(), await link.boundingBox()];
  // Border of 1 px top and bottom.
  expect(Math.abs(cardBox!.height - (frameBox!.height + linkBox!.height + 2))).toBeLessThanOrEqual(1);
});

test("the site has a favicon, app icons and a web manifest", async ({ page, request }) => {
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toContain("image/");
  await page.goto("/");
  await expect(page.locator('head link[rel="icon"]').first()).toHaveAttribute("href", /icon/);
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute("href", /apple-icon/);
  const manifestHref = (await page.locator('head link[rel="manifest"]').getAttribute("href"))!;
  const manifest = await (await request.get(manifestHref)).json();
  expect(manifest).toMatchObject({ short_name: "OPINEX", display: "standalone" });
  for (const icon of manifest.icons as { src: string; sizes: string }[]) {
    const response = await request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
  }
});

test("opening a survey shows progress in the card at once, even on a slow answer", async ({ page }) => {
  await page.goto("/surveys");
  // The page's answer is held until the card has shown its progress: however slow the machine, the
  // progress shows while the answer has not come (no race against a fixed delay).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  let held = false;
  await page.route("**/survey/details/**", async (route) => {
    if (route.request().headers()["rsc"] === "1" && !route.request().headers()["next-router-prefetch"]) {
      held = true;
      await answered;
    }
    await route.continue();
  });
  const card = page.getByRole("list", { name: "Surveys" }).getByRole("listitem").first();
  await card.getByRole("link").click();
  await expect(card.getByRole("status")).toHaveText("Opening");
  await expect.poll(() => held, { message: "the survey page was asked for, and its answer is held" }).toBe(true);
  await expect(card.getByRole("status")).toHaveText("Opening");
  answer();
  await expect(page).toHaveURL(/\/survey\/details\//);
});
