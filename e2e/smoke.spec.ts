import { expect, test } from "@playwright/test";

test("the public pages answer in Chromium", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "OPINEX" }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Features Surveys" })).toBeVisible();

  await page.goto("/surveys");
  // The card's one link is its title.
  const firstDetails = page.getByRole("list", { name: "Surveys" }).getByRole("link").first();
  await expect(firstDetails).toBeVisible();
  const title = (await firstDetails.textContent())!;
  await firstDetails.click();
  await expect(page).toHaveURL(/\/survey\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Register for your account" })).toBeVisible();

  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  // The spec's one line, in the site's frame (its navigation), with the way back to the surveys.
  await expect(page.getByRole("main")).toHaveText("this is a error pageBrowse the surveys");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("this is a error page");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
});
