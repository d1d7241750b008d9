// A survey travels: the share panel (copy link, QR code download), the embed in another site's frame
// (its height fitted to the content by the message it posts), and oEmbed discovery.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { createSurveyThroughApi, voteAsNewPerson } from "./fixtures/surveys";
import { atBothWidths, DESKTOP } from "./fixtures/widths";


async function aSurvey(request: import("@playwright/test").APIRequestContext) {
  const [survey] = (await (await request.get("/api/all_surveys?limit=1")).json()) as { _id: string; title: string; questionTitle: string }[];
  return survey;
}

// Each page is loaded once at 1280 px and laid out again at 390 px (e2e/fixtures/widths.ts): the
// panel's layout is CSS, and the embed measures itself again when its frame changes size.
test.use({ viewport: DESKTOP });

test("the share panel copies the link and downloads the QR code, at 1280 and 390 px", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const survey = await aSurvey(page.request);
  await page.goto(`/survey/details/${survey._id}`);
  const panel = page.getByRole("region", { name: "Share this survey" });
  await atBothWidths(page, async (width) => {
    await expect(panel.getByRole("img", { name: /QR code of the survey's address/ })).toBeVisible();
    await expect(panel.getByRole("button", { name: /Copy link|Copied/ })).toBeVisible();
    await expect(panel.getByRole("link", { name: "QR code (PNG)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), width).toBeLessThanOrEqual(0);
    const { violations } = await analyzePage(page);
    expect(violations.map((v) => v.id), width).toEqual([]);
    if (width === "desktop") return;
    // At the phone's width: copy and download.
    // Clicks before the page's script has run do nothing: click until it says Copied.
    await expect(async () => {
      await panel.getByRole("button", { name: /Copy link|Copied/ }).click();
      await expect(panel.getByRole("button", { name: "Copied" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/survey/details/${survey._id}`);
    const [download] = await Promise.all([page.waitForEvent("download"), panel.getByRole("link", { name: "QR code (PNG)" }).click()]);
    expect(download.suggestedFilename()).toBe(`opinex-survey-${survey._id}.png`);
    await expect(panel.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", new RegExp(`^https://wa\\.me/\\?text=.*${survey._id}`));
  });
});

test("an embed in a page of another site shows the survey, and the frame takes its height, at 1280 and 390 px", async ({ page, baseURL }) => {
  const survey = await aSurvey(page.request);
  // A plain HTML page served by another web server (another origin), as a blog embeds the survey
  // with the snippet and resizes the frame when the embed says how high it is.
  const html = `<!doctype html><html lang="en"><title>A blog</title><body><h1>My post</h1>
<iframe id="survey" src="${baseURL}/embed/survey/${survey._id}?theme=dark" width="480" height="600" style="border:0;max-width:100%" title="A survey"></iframe>
<script>addEventListener("message", (e) => { if (e.data && e.data.type === "opinex:embed-height") document.getElementById("survey").height = e.data.height; });</script></body></html>`;
  const blog = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post`);
    const frame = page.frameLocator("#survey");
    await expect(frame.getByRole("heading", { name: survey.questionTitle })).toBeVisible();
    await expect(frame.getByTestId("embed-figures")).toContainText("vote");
    // Open: each answer opens the survey with it selected; closed: the survey's results.
    const vote = frame.getByRole("link", { name: /^Yes|See the results on OPINEX/ });
    await expect(vote).toHaveAttribute("href", new RegExp(`^${baseURL}/survey/details/${survey._id}(\\?vote=yes)?$`));
    await expect(vote).toHaveAttribute("target", "_blank");
    await atBothWidths(page, async (width) => {
      // The frame was 600 px high; the embed said how high it really is (again once its width changed).
      await expect.poll(async () => Number(await page.locator("#survey").getAttribute("height")), { message: width }).toBeLessThan(400);
      expect(Number(await page.locator("#survey").getAttribute("height")), width).toBeGreaterThan(120);
      await expect(frame.getByRole("heading", { name: survey.questionTitle })).toBeVisible();
      // The whole card fits the frame's new height.
      await expect
        .poll(async () => {
          const inner = await frame.locator("html").evaluate((el) => el.scrollHeight);
          return inner - Number(await page.locator("#survey").getAttribute("height"));
        }, { message: width })
        .toBeLessThanOrEqual(1);
    });
  } finally {
    blog.close();
  }
});

test("the embed may be framed by anyone, in light and dark; every other page refuses framing", async ({ page, request }) => {
  const survey = await aSurvey(request);
  const embed = await request.get(`/embed/survey/${survey._id}`);
  expect(embed.status()).toBe(200);
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  for (const path of ["/", `/survey/details/${survey._id}`, "/login"]) {
    const res = await request.get(path);
    expect(res.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(res.headers()["x-frame-options"], path).toBe("DENY");
  }
  expect((await request.get(`/embed/survey/${survey._id}?theme=purple`, { maxRedirects: 0 })).status()).toBe(308);
  expect((await request.get("/embed/survey/not-an-id")).status()).toBe(404);
  for (const theme of ["light", "dark"]) {
    await page.goto(`/embed/survey/${survey._id}?theme=${theme}`);
    await expect(page.getByRole("heading", { name: survey.questionTitle })).toBeVisible();
    const { violations } = await analyzePage(page);
    expect(violations.map((v) => v.id), theme).toEqual([]);
  }
});

test("an open survey's embed shows what its page shows a signed-out visitor: how many voted, no yes/no split", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const surveyor = await browser.newContext();
  await signInAs(surveyor.request, "surveyor@demo.test");
  const id = await createSurveyThroughApi(surveyor.request, `Embedded while open ${Date.now().toString(36)}`);
  await surveyor.close();
  await voteAsNewPerson(browser, id, "yes", "Embed voter");
  // The contract's JSON keeps its counts (public data, docs/api.md).
  const json = await (await page.request.get(`/api/survey/${id}`)).json();
  expect([json.yesCount, json.noCount]).toEqual([1, 0]);
  // Signed out, the survey page asks to log in and shows no count...
  await page.goto(`/survey/details/${id}`);
  await expect(page.getByText("Please login to vote this survey!")).toBeVisible();
  await expect(page.getByTestId("yes-count")).toHaveCount(0);
  // ...and so the embed draws no split: the question, how many voted, and the way to vote.
  await page.goto(`/embed/survey/${id}`);
  await expect(page.getByRole("heading", { name: "A question" })).toBeVisible();
  await expect(page.getByTestId("embed-figures")).toHaveText(/^1 vote so far\. /);
  await expect(page.getByTestId("embed-bar")).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(/Yes \d|No \d|%|interval/);
  // The way to vote: each answer opens the survey with it selected (a preselection: nothing is cast).
  const answers = page.getByRole("group", { name: "Vote on OPINEX:" });
  await expect(answers.getByRole("link", { name: /^Yes/ })).toHaveAttribute("href", new RegExp(`/survey/details/${id}\\?vote=yes$`));
  await expect(answers.getByRole("link", { name: /^No/ })).toHaveAttribute("href", new RegExp(`/survey/details/${id}\\?vote=no$`));
});

test("a survey page announces its oEmbed endpoint, which answers a rich embed", async ({ page, request, baseURL }) => {
  const survey = await aSurvey(request);
  await page.goto(`/survey/details/${survey._id}`);
  const href = await page.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute("href");
  expect(href).toBeTruthy();
  const oembed = await (await request.get(href!)).json();
  expect(oembed).toMatchObject({ version: "1.0", type: "rich", title: survey.title });
  expect(oembed.html).toContain(`${baseURL}/embed/survey/${survey._id}`);
});
