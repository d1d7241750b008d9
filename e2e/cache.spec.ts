// What the speed of the public pages relies on, checked against the production build.
// Every public page is a cached page: a vote marks it stale (it is refreshed on the next visits), an
// unpublished survey leaves every cached page at once, and a signed-out visitor downloads no code of
// the vote form.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";

const html = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  return { status: response.status(), text: await response.text(), cacheControl: response.headers()["cache-control"] ?? "" };
};

/** The "Votes: N" of a survey's card in a list page's HTML (-1 when the card is not there). */
const cardVotes = (page: string, title: string) => {
  const at = page.indexOf(`>${title}<`);
  return at < 0 ? -1 : Number(page.slice(at).match(/Votes: (?:<!-- -->)?(\d+)/)?.[1] ?? -1);
};

test("a vote shows on the cached survey page and in /surveys after the refresh; unpublished, the survey leaves every cached page at once", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor@demo.test");
  const title = `Cache check ${Date.now().toString(36)}`;
  const id = await createSurveyThroughApi(surveyor.request, title);
  await surveyor.close();

  const pages = ["/", "/surveys?sort=createdAt", "/surveys?sort=createdAt&category=Other", `/survey/details/${id}`];
  // Each page is generated once, then served from the cache: Next answers a page of its cache with a shared
  // cache lifetime (`s-maxage`), a page rendered per request with `private, no-store`. (The server drops
  // `x-nextjs-cache` from public answers.)
  for (const path of pages) {
    expect((await html(request, path)).text).toContain(title);
    expect((await html(request, path)).cacheControl).toMatch(/s-maxage=\d+/);
  }
  expect((await html(request, "/sitemap.xml")).text).toContain(`/survey/details/${id}</loc>`);
  expect(cardVotes((await html(request, "/surveys?sort=createdAt")).text, title)).toBe(0);

  await voteAsNewPerson(browser, id);
  // Stale-while-revalidate: the next visit may still get the previous copy while a fresh one is
  // built; within a couple of seconds every view shows the vote.
  await expect.poll(async () => (await html(request, `/survey/details/${id}`)).text.includes('"upvoteCount":1'), { timeout: 5_000, intervals: [200] }).toBe(true);
  await expect.poll(async () => cardVotes((await html(request, "/surveys?sort=createdAt")).text, title), { timeout: 5_000, intervals: [200] }).toBe(1);
  const live = await (await request.get(`/api/survey/${id}/results`)).json();
  expect(live).toMatchObject({ yesCount: 1, noCount: 0, total: 1 });

  // Unpublished by an admin: gone from every cached page with the very next request, no waiting.
  const admin = await browser.newContext();
  await signInAs(admin.request, "admin@demo.test");
  const response = await admin.request.post("/api/update_survey_status", {
    data: { id, status: "unpublish", feedbackMessage: "Removed by the cache end-to-end test." },
  });
  expect(response.status()).toBe(200);
  await admin.close();
  for (const path of pages.slice(0, 3)) expect((await html(request, path)).text, path).not.toContain(title);
  expect((await html(request, `/survey/details/${id}`)).status).toBe(404);
  expect((await html(request, "/sitemap.xml")).text).not.toContain(`/survey/details/${id}</loc>`);
  expect((await request.get(`/api/survey/${id}/results`)).status()).toBe(404);
});

test("a vote after a change keeps the change's expiry: the first visit after both shows the change", async ({ browser, request }) => {
  test.setTimeout(90_000);
  // A view of its own, cached before the change and not visited again until after the vote.
  const view = "/surveys?sort=createdAt&category=Education";
  const title = `Expiry kept ${Date.now().toString(36)}`;
  expect((await html(request, view)).text).not.toContain(title);

  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor@demo.test");
  const id = await createSurveyThroughApi(surveyor.request, title, "Education");
  await surveyor.close();
  // The vote marks the same pages stale (stale-while-revalidate). Were that mark to replace the
  // creation's expiry, the copy cached before the survey existed would be served once more.
  await voteAsNewPerson(browser, id);

  expect(cardVotes((await html(request, view)).text, title)).toBe(1);
});

/** Every script the page downloaded, with its text. */
async function scriptsOf(page: Page, path: string, ready: () => Promise<void>) {
  const urls = new Set<string>();
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") urls.add(r.url());
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState("networkidle");
  const texts = await Promise.all([...urls].map(async (url) => ({ url, text: await (await page.request.get(url)).text() })));
  return texts;
}

test("a signed-out survey page downloads no code of the vote form, react-hook-form, the report dialog or next-intl, nor their texts; a signed-in one does", async ({ page, browser }) => {
  const [survey] = (await (await page.request.get("/api/all_surveys?limit=1")).json()) as { _id: string }[];
  const path = `/survey/details/${survey._id}`;
  // Strings only the vote form (its label's message key), the report dialog (its toast's), react-hook-form
  // (a form state key), zod (its internals' key) and next-intl's client (an error code) carry; they
  // survive minification. The texts themselves are messages (messages/survey), fetched with that code.
  const markers = ["vote.formLabel", "doneDescription", "isSubmitSuccessful", "_zod", "MISSING_MESSAGE"];
  // Texts only the signed-in part shows: the report dialog's, and an API sentence of the verification notice's.
  const signedInTexts = ["Do you really want to report this post?", "This site sends no email: there is nothing to verify."];
  const html = await (await page.request.get(path)).text();
  for (const text of signedInTexts) expect(html, text).not.toContain(text);

  const signedOut = await scriptsOf(page, path, async () => {
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
  expect(signedOut.length).toBeGreaterThan(3);
  for (const marker of markers) {
    expect(signedOut.filter((s) => s.text.includes(marker)).map((s) => s.url), marker).toEqual([]);
  }

  // The same check finds them once someone who can vote is signed in.
  const context = await browser.newContext();
  const signedInPage = await context.newPage();
  await signInAs(signedInPage, "user@demo.test");
  const signedIn = await scriptsOf(signedInPage, path, async () => {
    await expect(signedInPage.getByRole("button", { name: "Report" }).or(signedInPage.getByText("You voted"))).toBeVisible();
  });
  for (const marker of markers) expect(signedIn.some((s) => s.text.includes(marker)), marker).toBe(true);
  for (const text of signedInTexts) expect(signedIn.some((s) => s.text.includes(text)), text).toBe(true);
  await context.close();
});

test("cached public pages arrive whole: the content is in the HTML itself, not behind a loading fallback revealed by script", async ({ request }) => {
  // A Suspense fallback above a large page (a loading.tsx) makes React stream the fallback first and the
  // page in a hidden <div> that a script swaps in later; cached, that stream is what every visitor (and
  // every crawler without JavaScript) gets.
  const list = await (await request.get("/surveys")).text();
  const survey = /href="(\/survey\/details\/[0-9a-f-]{36})"/.exec(list)![1];
  for (const path of ["/", "/surveys", "/surveys?category=Health&sort=createdAt&page=1", survey, "/pricing", "/about", "/contact", "/privacy", "/terms"]) {
    const html = await (await request.get(path)).text();
    expect(html, `${path}: a pending Suspense boundary`).not.toContain("<!--$?-->");
    expect(html, `${path}: content outlined into a hidden segment`).not.toMatch(/<div hidden id="S:\d+"/);
    expect(html.match(/<h1[\s>]/g) ?? [], `${path}: one h1`).toHaveLength(1);
  }
});

test("the home page and /surveys stay within their HTML budgets: each card once in the HTML and once in the RSC payload, nothing more", async ({ request }) => {
  // Uncompressed bytes as sent, the RSC payload included. A dozen cards, the FAQ, the navigation and the
  // footer fit; a client component given the cards' data as props, or long class lists repeated per card,
  // would not (they were 60 and 46 kB, with budgets of 50 and 45 kB then). Every language's copy within the same budgets, which grew by
  // what speaking three languages costs each page (docs/i18n.md): the hreflang alternates, the shell's
  // client texts in the payload, the switcher, the survey texts marked translate="no", and German's
  // longer words.
  for (const [path, budget] of [
    ["/", 58_000],
    ["/surveys", 52_000],
    ["/es", 58_000],
    ["/de", 58_000],
    ["/es/surveys", 52_000],
    ["/de/surveys", 52_000],
  ] as const) {
    await request.get(path); // the first answer after a refresh streams; the next comes whole from the cache
    const bytes = Buffer.byteLength(await (await request.get(path)).text());
    expect(bytes, `${path}: ${bytes} bytes of HTML`).toBeLessThanOrEqual(budget);
  }
});

test("a cached page allows only its own inline scripts (by hash) and still comes to life", async ({ page }) => {
  const list = await (await page.request.get("/surveys")).text();
  const survey = /href="(\/survey\/details\/[0-9a-f-]{36})"/.exec(list)![1];
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ["/", "/surveys", survey]) {
    await page.request.get(path); // the first answer after a refresh streams; the next comes whole from the cache
    const response = await page.goto(path);
    const scriptSrc = /script-src ([^;]*)/.exec(response!.headers()["content-security-policy"])![1];
    expect(scriptSrc, path).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
    // Hydrated: the account area asks /api/me and shows Login for a signed-out visitor.
    await expect(page.getByTestId("desktop-account").getByRole("link", { name: "Login" }), path).toBeVisible();
  }
  expect(violations).toEqual([]);
});
