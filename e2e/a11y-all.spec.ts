// axe on every page: signed out and as each role, at desktop (1280x800) and phone (390x844) widths,
// with no violations of any impact. Pages are listed from the app's own routes; a new page under
// app/ without a place here fails the first test.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";

type Role = "signed-out" | "user" | "pro_user" | "surveyor" | "admin";
const EMAIL: Record<Exclude<Role, "signed-out">, string> = {
  user: "user@demo.test",
  pro_user: "pro@demo.test",
  surveyor: "surveyor@demo.test",
  admin: "admin@demo.test",
};
const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const PUBLIC = ["/", "/surveys", "/survey/details/{survey}", "/pricing", "/about", "/contact", "/privacy", "/terms", "/docs/api", "/no/such/page"];
const SIGNED_OUT_ONLY = ["/login", "/register", "/signup"];
// The pages mailed links open (here without a token: each says the link is not valid) and the embed
// other sites frame (no site navigation: it stands alone in the frame). Checked signed out.
const LINKS_AND_EMBEDS = ["/forgot-password", "/reset-password", "/verify-email", "/confirm-email", "/unsubscribe", "/embed/survey/{survey}"];
const DASHBOARD: Record<Exclude<Role, "signed-out">, string[]> = {
  user: ["/dashboard/user", "/dashboard/user/surveys", "/dashboard/user/my-reports", "/dashboard/user/comments"],
  pro_user: ["/dashboard/pro_user", "/dashboard/pro_user/surveys", "/dashboard/pro_user/my-reports", "/dashboard/pro_user/comments", "/dashboard/pro_user/billing"],
  surveyor: [
    "/dashboard/surveyor",
    "/dashboard/surveyor/create",
    "/dashboard/surveyor/feedbacks",
    "/dashboard/surveyor/surveys",
    "/dashboard/surveyor/surveys/{own}",
    "/dashboard/surveyor/update/{own}",
  ],
  admin: ["/dashboard/admin", "/dashboard/admin/users", "/dashboard/admin/surveys", "/dashboard/admin/surveys/{survey}", "/dashboard/admin/payments", "/dashboard/admin/messages"],
};
const pagesOf = (role: Role) =>
  role === "signed-out" ? [...PUBLIC, ...SIGNED_OUT_ONLY, ...LINKS_AND_EMBEDS] : [...PUBLIC, "/payment", "/dashboard/account", ...DASHBOARD[role]];

test("every page of the app is in this spec", () => {
  const root = path.resolve(import.meta.dirname, "..", "app");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "page.tsx") {
        found.push(
          "/" +
            path
              .relative(root, path.dirname(full))
              .split(path.sep)
              .filter((part) => !/^\(.*\)$/.test(part))
              .map((part) => (part === "[id]" ? "{id}" : part))
              .join("/"),
        );
      }
    }
  };
  walk(root);
  // Public pages cached per view live under /c/ and are reached from their public addresses
  // (lib/public-rewrites.mjs): check them as those addresses.
  const publicAddress: Record<string, string> = {
    "/c/home/[v]": "/",
    "/c/pricing/[v]": "/pricing",
    "/c/surveys/[sort]/[category]/[page]": "/surveys",
    "/c/embed/{id}/[theme]": "/embed/survey/{id}",
  };
  for (const [i, p] of found.entries()) found[i] = publicAddress[p] ?? p;
  // /dashboard only redirects to the person's own dashboard.
  const listed = new Set(
    [...PUBLIC, ...SIGNED_OUT_ONLY, ...LINKS_AND_EMBEDS, "/payment", "/dashboard", "/dashboard/account", ...Object.values(DASHBOARD).flat()].map((p) => p.replace(/\{(survey|own)\}/, "{id}").replace(/\/$/, "") || "/"),
  );
  expect(found.map((p) => p.replace(/\/$/, "") || "/").filter((p) => !listed.has(p))).toEqual([]);
  const roles: Role[] = ["signed-out", "user", "pro_user", "surveyor", "admin"];
  const perWidth = roles.reduce((n, role) => n + pagesOf(role).length, 0);
  console.log(`axe: ${perWidth} pages x roles, x ${Object.keys(WIDTHS).length} widths = ${perWidth * Object.keys(WIDTHS).length} page checks`);
});

async function violations(page: Page) {
  // The contact page's embedded map is another site's document: not ours to test.
  const results = await analyzePage(page, "iframe");
  return results.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")}${v.nodes.length > 4 ? `, +${v.nodes.length - 4}` : ""})`,
  );
}

for (const [widthName, viewport] of Object.entries(WIDTHS)) {
  for (const role of ["signed-out", "user", "pro_user", "surveyor", "admin"] as Role[]) {
    test(`axe: no violations on any page, ${role}, ${widthName}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      if (role !== "signed-out") await signInAs(page, EMAIL[role]);
      const [survey] = await (await page.request.get("/api/get_latest_survey")).json();
      let own = "";
      if (role === "surveyor") {
        const mine = await (await page.request.get(`/api/surveys/${encodeURIComponent(EMAIL.surveyor)}`)).json();
        own = mine[0]._id;
      }
      const found: string[] = [];
      for (const template of pagesOf(role)) {
        const url = template.replace("{survey}", survey._id).replace("{own}", own);
        // The navigation bar's account area settles once the browser knows who is signed in (/api/me).
        const me = page.waitForResponse((r) => r.url().endsWith("/api/me"), { timeout: 5_000 }).catch(() => null);
        await page.goto(url);
        if (url.startsWith("/no/")) await expect(page.getByRole("heading", { name: "this is a error page" })).toBeVisible();
        else if (url.startsWith("/embed/")) await expect(page.locator("h1").first()).toBeVisible();
        else {
          await expect(page.locator("h1").first()).toBeVisible();
          await (await me)?.finished();
          await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
          // The API reference is drawn in the browser: check it once it is there.
          if (url === "/docs/api") await expect(page.getByRole("main", { name: /^API documentation/ })).toBeVisible();
        }
        for (const v of await violations(page)) found.push(`${url}: ${v}`);
      }
      console.log(`axe ${role} ${widthName}: ${pagesOf(role).length} pages, ${found.length} violations`);
      expect(found).toEqual([]);
    });
  }
}

