// The Privacy and Terms pages: reached from the footer, cached like the other static pages, and
// readable without an account (reading sets no cookie, as the Privacy Policy says).
import { expect, test } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";

const PAGES = [
  { link: "Privacy", path: "/privacy", heading: "Privacy Policy", mentions: [/authjs\.session-token/, /argon2id/, /Stripe/] },
  { link: "Terms of Service", path: "/terms", heading: "Terms of Service", mentions: [/\$16\.00/, /once per survey/, /Privacy Policy/] },
];

for (const { link, path, heading, mentions } of PAGES) {
  test(`the footer's ${link} link opens ${path}, axe clean, with no cookie set`, async ({ page, context }) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("navigation", { name: "Company" }).getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    for (const text of mentions) await expect(page.getByRole("article").getByText(text).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await analyzePage(page)).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);
  });

  test(`${path} is a cached page (no per-request rendering)`, async ({ request }) => {
    await request.get(path);
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toMatch(/s-maxage=\d+/);
  });
}
