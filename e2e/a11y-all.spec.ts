// axe on every page: signed out and as each role, at desktop (1280x800) and phone (390x844) widths,
// with no violations of any impact. Pages are listed from the app's own routes; a new page under
// app/ without a place here fails the first test.
//
// Every page is opened as every role at both widths. A page whose markup is the same as one already
// checked at that width (byte for byte once the signed-in person's own name, address, picture and role
// are set aside: the About page of user@ and of pro@) is not analysed again: axe would be given the
// same document with the same styles at the same size. Only the page itself is compared (everything
// the browser renders, scripts left out), so any difference, a button more or a class less, is checked.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { layOutAt } from "./fixtures/widths";

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
// The same pages in the other languages (docs/i18n.md): a sample of each kind, checked signed out.
const OTHER_LANGUAGES = ["/es", "/de/surveys", "/es/survey/details/{survey}", "/de/about", "/es/register", "/de/embed/survey/{survey}"];
const DASHBOARD: Record<Exclude<Role, "signed-out">, string[]> = {
  user: ["/dashboard/user", "/dashboard/user/surveys", "/dashboard/user/my-reports"],
  pro_user: ["/dashboard/pro_user", "/dashboard/pro_user/surveys", "/dashboard/pro_user/my-reports", "/dashboard/pro_user/comments", "/dashboard/pro_user/billing"],
  surveyor: [
    "/dashboard/surveyor",
    "/dashboard/surveyor/create",
    "/dashboard/surveyor/feedbacks",
    "/dashboard/surveyor/surveys",
    "/dashboard/surveyor/surveys/{own}",
    "/dashboard/surveyor/update/{own}",
  ],
  admin: [
    "/dashboard/admin",
    "/dashboard/admin/users",
    "/dashboard/admin/users?role=surveyor",
    "/dashboard/admin/surveys",
    "/dashboard/admin/surveys?reported=1",
    "/dashboard/admin/surveys/{survey}",
    "/dashboard/admin/payments",
    "/dashboard/admin/messages",
  ],
};
// Pages with a Google sign-in button: checked once it is enabled (the providers known), as people use it.
const WITH_GOOGLE = ["/login", "/register", "/signup"];
const pagesOf = (role: Role) =>
  role === "signed-out" ? [...PUBLIC, ...SIGNED_OUT_ONLY, ...LINKS_AND_EMBEDS, ...OTHER_LANGUAGES] : [...PUBLIC, "/payment", "/dashboard/account", ...DASHBOARD[role]];

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
              // Route groups, and the language's segment every page is under (docs/i18n.md).
              .filter((part) => !/^\(.*\)$/.test(part) && part !== "[locale]")
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
    "/c/surveys/[sort]/[category]/[status]/[page]": "/surveys",
    // A search of the list (/surveys?q=…): axe checks it, with its empty state, in survey-search.spec.ts.
    "/c/surveys/[sort]/[category]/[status]/[page]/[q]": "/surveys",
    "/c/embed/{id}/[theme]": "/embed/survey/{id}",
    // The catch-all of addresses that lead nowhere: the error page.
    "/[...rest]": "/no/such/page",
  };
  for (const [i, p] of found.entries()) found[i] = publicAddress[p] ?? p;
  // /dashboard only redirects to the person's own dashboard; /check-inbox sends the demo's people, whose
  // addresses are verified, straight on (axe checks it with an unverified person in shared-link.spec.ts).
  const listed = new Set(
    [...PUBLIC, ...SIGNED_OUT_ONLY, ...LINKS_AND_EMBEDS, "/payment", "/dashboard", "/check-inbox", "/dashboard/account", ...Object.values(DASHBOARD).flat()].map(
      (p) => p.replace(/\?.*$/, "").replace(/\{(survey|own)\}/, "{id}").replace(/\/$/, "") || "/",
    ),
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

/**
 * The page as axe would see it, for comparing: the whole document without its scripts (never rendered;
 * they carry per-request data), shadow roots included, and the signed-in person's own details (the
 * navigation's badge: name or address, initial, picture; the Dashboard link's role) set aside.
 */
async function markupOf(page: Page, me: { name: string | null; email: string; role: string } | null) {
  return page.evaluate((me) => {
    const clone = document.documentElement.cloneNode(true) as HTMLElement;
    clone.querySelectorAll("script").forEach((node) => node.remove());
    for (const badge of clone.querySelectorAll('[data-testid="user-badge"]')) {
      badge.querySelectorAll("img").forEach((img) => img.setAttribute("src", "(picture)"));
      badge.querySelectorAll("span > span").forEach((span) => (span.textContent = "(person)"));
    }
    let html = clone.outerHTML;
    for (const el of document.querySelectorAll("*")) if (el.shadowRoot) html += `\n<shadow>${el.shadowRoot.innerHTML}</shadow>`;
    if (me) {
      for (const own of [me.name, me.email].filter((v): v is string => Boolean(v))) html = html.split(own).join("(person)");
      html = html.split(`/dashboard/${me.role}"`).join('/dashboard/(role)"');
    }
    return html;
  }, me);
}

// The markup already analysed per width, and the role that first had it (kept while this worker lives;
// a worker started anew after a failure has none, and analyses everything).
const analysed: Record<string, Map<string, string>> = Object.fromEntries(Object.keys(WIDTHS).map((w) => [w, new Map()]));

// Each page is laid out at the phone's width by resizing it (e2e/fixtures/widths.ts): a page opened at
// 390 px and one opened at 1280 px then resized to 390 px were compared on every page × role, the same
// markup once both had settled (docs/testing.md). `A11Y_COMPARE_FRESH=1` compares them again: each page
// is then also opened anew at the phone's width, and the test fails on any difference.

/**
 * Markup as compared between a page opened at a width and one resized to it, without what differs from
 * one load of the same page to the next: the style sheets React hints at once hydrated (never rendered),
 * the toasts' style sheet (added when the first toast region mounts) and the proof-of-work widget's
 * random element ids.
 */
function comparable(html: string) {
  return html
    .replace(/<link rel="preload"[^>]*>/g, "")
    .replace(/<style type="text\/css">\[data-sonner-toaster\][^<]*<\/style>/g, "")
    .replace(/altcha-checkbox-[0-9a-f]+/g, "altcha-checkbox-(id)");
}

/** Where two markups first differ, with a little of each around it. */
function firstDifference(a: string, b: string) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `resized: …${a.slice(Math.max(0, i - 120), i + 200)}…\nopened:  …${b.slice(Math.max(0, i - 120), i + 200)}…`;
}

// One test per role: each page is opened once, at the desktop's width, analysed, then laid out at the
// phone's width and analysed again (half the page loads of opening it at each width). On four cores the
// roles are split between the two lanes (playwright.config.ts).
const ROLES: Role[] = ["signed-out", "user", "pro_user", "surveyor", "admin"];
for (const role of ROLES) {
  test(`axe: no violations on any page, desktop and phone, ${role}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(WIDTHS.desktop);
    if (role !== "signed-out") await signInAs(page, EMAIL[role]);
    const person = role === "signed-out" ? null : (await (await page.request.get("/api/me")).json()).user;
    if (role !== "signed-out") expect(person, `signed in as ${role}`).toMatchObject({ email: EMAIL[role], role });
    const [survey] = await (await page.request.get("/api/get_latest_survey")).json();
    let own = "";
    if (role === "surveyor") {
      const mine = await (await page.request.get(`/api/surveys/${encodeURIComponent(EMAIL.surveyor)}`)).json();
      own = mine[0]._id;
    }
    const found: string[] = [];
    const same: Record<string, string[]> = Object.fromEntries(Object.keys(WIDTHS).map((w) => [w, []]));
    const time = { open: 0, resize: 0, axe: 0 };
    for (const template of pagesOf(role)) {
      const opened = Date.now();
      const url = template.replace("{survey}", survey._id).replace("{own}", own);
      await page.setViewportSize(WIDTHS.desktop);
      // The navigation bar's account area settles once the browser knows who is signed in (/api/me).
      const me = page.waitForResponse((r) => r.url().endsWith("/api/me"), { timeout: 5_000 }).catch(() => null);
      await page.goto(url);
      if (url.startsWith("/no/")) await expect(page.getByRole("heading", { name: "this is a error page" })).toBeVisible();
      else if (/^\/(?:es\/|de\/)?embed\//.test(url)) await expect(page.locator("h1").first()).toBeVisible();
      else {
        await expect(page.locator("h1").first()).toBeVisible();
        await (await me)?.finished();
        // The navigation bar's name in the page's language (messages/client: nav.main).
        await expect(page.getByRole("navigation", { name: /^(Main|Principal|Hauptnavigation)$/ })).toBeAttached();
        // The API reference is drawn in the browser: check it once it is there.
        if (url === "/docs/api") await expect(page.getByRole("main", { name: /^API documentation/ })).toBeVisible();
        if (WITH_GOOGLE.includes(url)) await expect(page.getByRole("button", { name: /with Google/ })).toBeEnabled();
      }
      time.open += Date.now() - opened;
      for (const [widthName, viewport] of Object.entries(WIDTHS)) {
        const resized = Date.now();
        if (widthName !== "desktop") await layOutAt(page, viewport);
        const markup = await markupOf(page, person);
        time.resize += Date.now() - resized;
        if (process.env.A11Y_COMPARE_FRESH && widthName !== "desktop") {
          const fresh = await page.context().newPage();
          await fresh.setViewportSize(viewport);
          const freshMe = fresh.waitForResponse((r) => r.url().endsWith("/api/me"), { timeout: 5_000 }).catch(() => null);
          await fresh.goto(url);
          await expect(fresh.locator("h1").first()).toBeVisible();
          if (!url.startsWith("/no/") && !/^\/(?:es\/|de\/)?embed\//.test(url)) await (await freshMe)?.finished();
          if (url === "/docs/api") await expect(fresh.getByRole("main", { name: /^API documentation/ })).toBeVisible();
          if (WITH_GOOGLE.includes(url)) await expect(fresh.getByRole("button", { name: /with Google/ })).toBeEnabled();
          await layOutAt(fresh, viewport);
          // A page just opened can still be drawing parts the other has had time to finish (the signed-in
          // vote area, the API reference's lazy sections, the route announcer): give it 10 s to get there.
          let freshMarkup = "";
          await expect
            .poll(async () => comparable((freshMarkup = await markupOf(fresh, person))) === comparable(markup), { timeout: 10_000 })
            .toBe(true)
            .catch(() => undefined);
          await fresh.close();
          if (comparable(freshMarkup) !== comparable(markup)) found.push(`${url}: opened at ${widthName} width, not the markup of the page resized to it:\n${firstDifference(comparable(markup), comparable(freshMarkup))}`);
        }
        const checkedAs = analysed[widthName].get(`${template} ${markup}`);
        if (checkedAs) {
          same[widthName].push(`${template} (as ${checkedAs})`);
          continue;
        }
        const started = Date.now();
        for (const v of await violations(page)) found.push(`${url} (${widthName}): ${v}`);
        time.axe += Date.now() - started;
        analysed[widthName].set(`${template} ${markup}`, role);
      }
    }
    const pages = pagesOf(role).length;
    console.log(
      `axe ${role}: ${pages} pages opened, analysed ${Object.entries(same)
        .map(([w, s]) => `${pages - s.length} at ${w}`)
        .join(" and ")}, ${found.length} violations` +
        ` (opening ${(time.open / 1000).toFixed(1)} s, resizing ${(time.resize / 1000).toFixed(1)} s, axe ${(time.axe / 1000).toFixed(1)} s)` +
        Object.entries(same)
          .filter(([, s]) => s.length)
          .map(([w, s]) => `; the same markup as already analysed at ${w}: ${s.join(", ")}`)
          .join(""),
    );
    expect(found).toEqual([]);
  });
}
