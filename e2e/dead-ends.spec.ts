// Details a demanding user notices, at 1280 and 390 px, each page axe clean:
// - the error page (unknown address, bad survey id, unpublished survey) sits in the site's frame, with
//   its navigation, one <main> and a way to the surveys; an embed of a survey that is gone says so in
//   the frame, in a sentence naming the site;
// - the unsubscribe page asks a neutral question first, and says it is done once, after the press;
// - the phone menu opens with focus on its first link (Enter right after opening once signed out);
// - cancelling the unpublish dialog (Cancel, Escape, a click outside) puts the row's select back;
// - a closed survey says "Voting closed on …" once; a dead reset link says so before any form;
//   Participated Surveys names an unpublished survey without a link; "Total votes"; the account page
//   says what its address is used for.
import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { newPerson, registerThroughApi } from "./fixtures/accounts";
import { linkIn, mailTo } from "./fixtures/inbox";
import { openPhoneMenu, openSectionsSheet } from "./fixtures/navigation";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

type Person = ReturnType<typeof newPerson>;
type ApiSurvey = { _id: string; title: string; deadline: string };

async function expectAxeClean(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

/** An API session of the demo's admin. */
async function adminApi(browser: Browser): Promise<{ request: APIRequestContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  await signInAs(context.request, "admin@demo.test");
  return { request: context.request, close: () => context.close() };
}

/**
 * A fresh surveyor with two surveys: one published, one a fresh voter voted on before an admin
 * unpublished it (which mails the surveyor, with the mail's unsubscribe link).
 */
async function surveysOfAFreshSurveyor(browser: Browser, label: string) {
  const stamp = randomBytes(3).toString("hex");
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` } });
  const { request: admin, close: closeAdmin } = await adminApi(browser);
  const surveyor = newPerson(`Surveyor ${label}`);
  const id = await registerThroughApi(context.request, surveyor);
  expect(await (await admin.post("/api/update_role", { data: { id, role: "surveyor" } })).json()).toEqual({ modifiedCount: 1 });
  await signInAs(context.request, surveyor.email, surveyor.password);
  const published = { title: `Still here ${stamp}`, id: "" };
  const gone = { title: `Taken down ${stamp}`, id: "" };
  published.id = await createSurveyThroughApi(context.request, published.title);
  gone.id = await createSurveyThroughApi(context.request, gone.title);
  const voter = await voteAsNewPerson(browser, gone.id, "yes", `Voter ${label}`);
  const unpublished = await admin.post("/api/update_survey_status", { data: { id: gone.id, status: "unpublish", feedbackMessage: "Taken down by the dead-ends test." } });
  expect(unpublished.status()).toBe(200);
  await Promise.all([context.close(), closeAdmin()]);
  return { surveyor, voter: voter as Person, published, gone };
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`${name} width`, () => {
    test.use({ viewport });
    // One fresh surveyor, with their voter and two surveys, for this width's tests: none of them changes
    // what another reads (the error pages read the unpublished survey, the unsubscribe link stops mail
    // only, the dialogs are cancelled, the lists are read). A worker started anew after a failure makes
    // a new one.
    let made: Awaited<ReturnType<typeof surveysOfAFreshSurveyor>>;
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      made = await surveysOfAFreshSurveyor(browser, name);
    });

    test("the error page sits in the site's frame: navigation, one main, the way to the surveys; a gone survey's embed says so in the frame", async ({ page }) => {
      const { gone } = made;
      for (const path of ["/no/such/page", "/survey/details/not-an-id", "/survey/details/6f0d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f50", `/survey/details/${gone.id}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("this is a error page");
        await expect(page.getByRole("navigation", { name: "Main" }), path).toBeVisible();
        await expect(page.getByRole("link", { name: "OPINEX" }).first(), path).toBeVisible();
        await expect(page.getByRole("contentinfo"), path).toBeVisible();
        await expect(page.locator("main"), path).toHaveCount(1);
        await expect(page.getByRole("main"), path).toHaveCount(1);
        await expect(page.getByRole("main").getByRole("link", { name: "Browse the surveys" }), path).toHaveAttribute("href", "/surveys");
        await expectAxeClean(page);
      }
      await page.getByRole("main").getByRole("link", { name: "Browse the surveys" }).click();
      await expect(page).toHaveURL(/\/surveys$/);
      await expect(page.getByRole("heading", { level: 1, name: "All Surveys" })).toBeVisible();

      // The embed of the unpublished survey, in both themes: a sentence naming the site, no site frame.
      for (const theme of ["light", "dark"]) {
        const response = await page.goto(`/embed/survey/${gone.id}${theme === "dark" ? "?theme=dark" : ""}`);
        expect(response?.status()).toBe(404);
        const frame = page.getByTestId("embed-gone");
        await expect(frame.getByRole("heading", { level: 1 })).toHaveText("This survey is no longer on OPINEX.");
        await expect(frame.getByRole("link", { name: /See the surveys on OPINEX/ })).toHaveAttribute("target", "_blank");
        await expect(page.getByText("this is a error page")).toHaveCount(0);
        await expect(page.getByRole("navigation")).toHaveCount(0);
        await expect(frame).toHaveClass(theme === "dark" ? /bg-slate-900/ : /bg-white/);
        await expectAxeClean(page);
      }
      // An address whose id is no survey id at all.
      const junk = await page.goto("/embed/survey/not-an-id");
      expect(junk?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("There is no survey at this address on OPINEX.");
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expectAxeClean(page);
    });

    test("unsubscribe: a neutral question before the press, done said once after it", async ({ page }) => {
      const { surveyor, gone } = made;
      const link = linkIn(await mailTo(surveyor.email, new RegExp(`Your survey was unpublished: ${gone.title}`)), "/unsubscribe");
      await page.goto(link);
      const card = page.getByRole("main");
      await expect(card.getByRole("heading", { level: 1 })).toHaveText("Stop these emails?");
      await expect(card).toContainText("Press Unsubscribe to stop emails about news of your own surveys (closed, unpublished).");
      await expect(card).not.toContainText("no longer receive");
      await expect(card.getByRole("status")).toHaveCount(0);
      // Neutral: the question is not drawn as a success.
      const colour = await card.getByText(/^Press Unsubscribe/).evaluate((el) => getComputedStyle(el).color);
      expect(colour).not.toBe("rgb(22, 101, 52)");
      await expectAxeClean(page);

      await expect(async () => {
        const press = card.getByRole("button", { name: "Unsubscribe" });
        if (await press.isVisible()) await press.click();
        await expect(card.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed", { timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await expect(card.getByText("Stop these emails?")).toHaveCount(0);
      await expect(card.getByText("You will no longer receive emails about news of your own surveys (closed, unpublished).")).toHaveCount(1);
      await expect(card.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
      await expect(card.getByRole("link", { name: "Change your email preferences" })).toHaveAttribute("href", "/dashboard/account#mail");
      await expectAxeClean(page);
    });

    test("cancelling the unpublish dialog in any way puts the row's select back on its status", async ({ page }) => {
      const { published } = made;
      await signInAs(page, "admin@demo.test");
      await page.goto("/dashboard/admin/surveys");
      const status = page.getByLabel(`Status of ${published.title}`, { exact: true });
      const update = page.getByRole("button", { name: `Update the status of ${published.title}` });
      await expect(status).toHaveValue("publish");
      const dialog = page.getByRole("dialog");
      const ways: [string, () => Promise<void>][] = [
        ["Cancel", () => dialog.getByRole("button", { name: "Cancel" }).click()],
        ["Escape", () => page.keyboard.press("Escape")],
        ["a click outside", () => page.mouse.click(4, viewport.height - 4)],
      ];
      for (const [way, close] of ways) {
        await expect(async () => {
          await status.selectOption("unpublish");
          await update.click();
          await expect(dialog).toBeVisible({ timeout: 2_000 });
        }, way).toPass({ timeout: 15_000 });
        await close();
        await expect(dialog, way).toBeHidden();
        await expect(status, way).toHaveValue("publish");
      }
      await expectAxeClean(page);
      const list = (await (await page.request.get("/api/all_surveys?sort=createdAt&limit=100")).json()) as ApiSurvey[];
      expect(list.map((s) => s._id)).toContain(published.id);
    });

    test("a closed survey says when voting closed once; a dead reset link says so before any form", async ({ page }) => {
      const list = (await (await page.request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[];
      const today = new Date().toISOString().slice(0, 10);
      const closed = list.find((s) => s.deadline < today)!;
      expect(closed).toBeTruthy();
      await page.goto(`/survey/details/${closed._id}`);
      await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
      await expect(page.getByText(/Voting closed on/)).toHaveCount(1);
      await expectAxeClean(page);
      // Signed in, once the signed-in part has loaded too.
      await signInAs(page, "user@demo.test");
      await page.goto(`/survey/details/${closed._id}`);
      await expect(page.getByRole("heading", { name: "Survey Results" })).toBeVisible();
      await expect(page.getByText("Something wrong here?").or(page.getByTestId("my-vote")).first()).toBeVisible();
      await expect(page.getByText(/Voting closed on/)).toHaveCount(1);

      // A link that cannot work: the refusal and the way to a new one, no password fields.
      for (const query of [`?token=00000000-0000-4000-8000-000000000000.${"A".repeat(43)}`, ""]) {
        await page.goto(`/reset-password${query}`);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link did not work");
        await expect(page.getByRole("alert").filter({ hasText: "This reset link is not valid. Ask for a new one." })).toBeVisible();
        await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
        await expect(page.getByLabel("New password", { exact: true })).toHaveCount(0);
        await expect(page).toHaveTitle("This link did not work | OPINEX");
        await expectAxeClean(page);
      }
    });

    test("the voter's lists, the surveyor's figures and the account page say what is true", async ({ page, browser }) => {
      const { surveyor, voter, published, gone } = made;
      await signInAs(page, voter.email, voter.password);
      await page.goto("/dashboard/user/surveys");
      const row = page.getByRole("row").filter({ hasText: gone.title });
      await expect(row).toContainText("no longer published");
      await expect(row.getByRole("link")).toHaveCount(0);
      await expect(page.getByRole("link", { name: gone.title })).toHaveCount(0);
      await expectAxeClean(page);

      await page.goto("/dashboard/account");
      const email = page.locator("#email");
      await expect(email).toContainText("You sign in with it and your password.");
      await expect(email).toContainText("We send your account's emails to it");
      await expect(page.getByText(/sign-in links/)).toHaveCount(0);
      await expectAxeClean(page);

      const surveyorPage = await browser.newPage({ viewport });
      try {
        await signInAs(surveyorPage, surveyor.email, surveyor.password);
        await surveyorPage.goto(`/dashboard/surveyor/surveys/${published.id}`);
        await expect(surveyorPage.getByText("Total votes", { exact: true })).toBeVisible();
        await expect(surveyorPage.getByText("Total Vote", { exact: true })).toHaveCount(0);
        await expectAxeClean(surveyorPage);
      } finally {
        await surveyorPage.close();
      }
    });
  });
}

test.describe("phone menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens with focus on its first link, so Enter right after opening follows it and signs nobody out", async ({ page }) => {
    const person = newPerson("Menu user");
    await registerThroughApi(page.request, person);
    await signInAs(page, person.email, person.password);
    await page.goto("/surveys");
    const menu = await openPhoneMenu(page);
    await expect(menu.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    await expectAxeClean(page);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get("/api/me")).json()).user?.email).toBe(person.email);

    // The dashboard's Sections sheet, the same way.
    await page.goto("/dashboard/user/surveys");
    const sections = await openSectionsSheet(page);
    await expect(sections.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sections).toBeHidden();
  });
});
