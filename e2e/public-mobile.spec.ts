import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the small-screen menu opens, lists the public pages and closes after navigating", async ({ page }) => {
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Open menu" });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("desktop-account")).toBeHidden();

  await toggle.click();
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeVisible();
  await expect(page.locator('button[aria-haspopup="dialog"]')).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("button", { name: "Close menu" })).toBeVisible();
  for (const name of ["Home", "Surveys", "Pricing", "About", "Contact", "Login", "Register"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/signup");

  await menu.getByRole("link", { name: "Surveys", exact: true }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "All Surveys" })).toBeVisible();

  // Cards stack in one column on a phone.
  const cards = page.getByRole("list", { name: "Surveys" }).getByRole("listitem");
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(Math.abs(second!.x - first!.x)).toBeLessThan(2);
});
