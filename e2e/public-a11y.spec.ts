import { expect, test } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";

const pages = ["/", "/surveys", "/pricing", "/about", "/contact", "/privacy", "/terms", "/docs/api"];

async function seriousViolations(page: import("@playwright/test").Page) {
  // The embedded map is another site's document; its own accessibility is not ours to test.
  const results = await analyzePage(page, "iframe");
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

for (const path of pages) {
  test(`axe finds no serious or critical violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The account area of the navigation bar settles once the browser knows who is signed in.
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    if (path === "/docs/api") await expect(page.getByRole("main", { name: /^API documentation/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("axe finds no serious or critical violations on a survey page", async ({ page, request }) => {
  const [survey] = await (await request.get("/api/get_latest_survey")).json();
  await page.goto(`/survey/details/${survey._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
