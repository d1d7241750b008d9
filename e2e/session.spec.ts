import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures/session";

test("a demo account signs in and the navigation bar shows its dashboard link", async ({ page }) => {
  await signInAs(page, "user@demo.test");
  await page.goto("/");
  await expect(page.getByTestId("desktop-account")).toContainText("Uma User");
  await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard/user");
  await page.goto("/dashboard/admin/users");
  await expect(page).toHaveURL(/\/dashboard\/user$/);
});

test("a wrong password is refused", async ({ page }) => {
  await expect(signInAs(page, "user@demo.test", "wrong-password")).rejects.toThrow(/failed/);
});
