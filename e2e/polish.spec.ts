// Details a demanding visitor notices, at 1280 and 390 px, each page axe clean:
// - the embed snippet's frame holds the whole card from a 320-px column to 480 px, and around the card
//   the host's own background shows (no white band);
// - Manage Surveys fits its box at 1280 px; Manage Users' selects show words, Save waits for a change,
//   and addresses wrap only after an @ or a dot;
// - every footer link opens a page, and prefetching them preloads no stylesheet the page leaves unused;
// - the seeded voters' accounts predate their votes, and the integrity panel counts in the right number;
// - a voter's card on a phone has no empty Comment line.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { seedSurveys } from "../scripts/demo-seed-data";
import { analyzePage } from "./fixtures/axe";
import { signInAs } from "./fixtures/session";
import { atBothWidths, DESKTOP, layOutAt, PHONE } from "./fixtures/widths";

/** The host's page colour: anything but white, so a white band would show. */
const HOST_BACKGROUND = { r: 0xfd, g: 0xe6, b: 0x8a };

type ApiSurvey = { _id: string; title: string; deadline: string };

async function expectAxeClean(page: Page) {
  const { violations } = await analyzePage(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), page.url()).toEqual([]);
}

/** The colour of one pixel of the page, as drawn. */
async function pixel(page: Page, x: number, y: number) {
  const png = await page.screenshot({ clip: { x: Math.floor(x), y: Math.floor(y), width: 1, height: 1 } });
  const [r, g, b] = await sharp(png).removeAlpha().raw().toBuffer();
  return { r, g, b };
}

/** The snippet the survey page's share panel gives, with its frame's size (the oEmbed answer's too). */
async function snippetOf(page: Page, id: string) {
  await page.goto(`/survey/details/${id}`);
  const snippet = await page.getByLabel("Embed code").inputValue();
  const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(snippet)!;
  const oembed = await page.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute("href");
  expect(await (await page.request.get(oembed!)).json()).toMatchObject({ width: Number(width), height: Number(height) });
  return { snippet, width: Number(width), height: Number(height) };
}

/** A page of another site, its column `column` px wide, with the snippet pasted in as it is (no script). */
async function withHost<T>(snippet: string, column: number, run: (url: string) => Promise<T>): Promise<T> {
  const { r, g, b } = HOST_BACKGROUND;
  const html = `<!doctype html><html lang="en"><title>A blog</title><body style="margin:0;background:rgb(${r},${g},${b})">
<main style="width:${column}px"><h1>My post</h1>${snippet}<p>After the survey.</p></main></body></html>`;
  const blog = http.createServer((_, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
  try {
    return await run(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/post`);
  } finally {
    blog.close();
  }
}

async function seededSurveys(page: Page) {
  const list = (await (await page.request.get("/api/all_surveys?limit=100")).json()) as ApiSurvey[];
  const today = new Date().toISOString().slice(0, 10);
  const open = list.find((s) => s.deadline > today)!;
  const closed = list.find((s) => s.deadline < today)!;
  expect(open && closed).toBeTruthy();
  return { open, closed };
}

/**
 * Each text run of an element (between its <wbr>s) that fits the element's width sits on one line: the
 * text wrapped only at a <wbr>. A run wider than the element itself (a very long name before the @) may
 * only break inside, so it is not held to that.
 */
async function wrapsOnlyAtWbr(cell: Locator) {
  return cell.evaluate((el) => {
    const style = getComputedStyle(el);
    const cellRoom = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // The width a line of the text has: the cell's, or on a phone's card (a grid: the column's name, then
    // the value) the value's column, the width of the cell's child that holds the text.
    const roomOf = (node: Node) => {
      let child = node.parentElement;
      while (child && child.parentElement !== el) child = child.parentElement;
      return child && getComputedStyle(child).display !== "inline" ? child.getBoundingClientRect().width : cellRoom;
    };
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size <= 1) continue;
      const probe = document.createElement("span");
      probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
      probe.textContent = node.textContent;
      node.parentElement!.appendChild(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      if (width <= roomOf(node)) broken.push(node.textContent ?? "");
    }
    return broken;
  });
}

// Each page is loaded once, at 1280 px, and laid out again at 390 px (e2e/fixtures/widths.ts): what
// depends on the width here is CSS (the admin tables' cards, the footer) and the frames' own size.
test.use({ viewport: DESKTOP });

test("the embed snippet's frame holds the whole card in any column from 320 px, transparent around it", async ({ page }) => {
  const { open, closed } = await seededSurveys(page);
  // The columns a desktop's page and a phone's give the snippet (the frame's size is the column's,
  // whatever the window's): 480 and 320 px in a 1280-px window, 374 px (390 less a margin) in a phone's.
  const columns = [
    { column: 480, viewport: DESKTOP },
    { column: 320, viewport: DESKTOP },
    { column: PHONE.width - 16, viewport: PHONE },
  ];
  for (const survey of [open, closed]) {
    const { snippet, width, height } = await snippetOf(page, survey._id);
    expect(width).toBe(480);
    expect(snippet).toContain("color-scheme:light");
    for (const { column, viewport } of columns) {
      await page.setViewportSize(viewport);
      await withHost(snippet, column, async (url) => {
        await page.goto(url);
        const frameElement = page.locator("iframe");
        const frame = page.frameLocator("iframe");
        const card = frame.locator("main[data-embed]");
        await expect(card).toBeVisible();
        await expect(frame.getByRole("heading", { level: 1 })).toBeVisible();
        const closedNow = survey === closed;
        await expect(closedNow ? frame.getByRole("link", { name: /See the results on OPINEX/ }) : frame.getByRole("group", { name: "Vote on OPINEX:" })).toBeVisible();
        const box = (await frameElement.boundingBox())!;
        expect(box.width).toBe(Math.min(column, 480));
        expect(box.height).toBe(height);
        // The whole card is inside the frame, and the frame does not scroll.
        const inside = await card.evaluate((el) => ({
          bottom: Math.ceil(el.getBoundingClientRect().bottom),
          scroll: document.documentElement.scrollHeight,
          client: document.documentElement.clientHeight,
        }));
        expect(inside.bottom, `${survey.title} in ${column} px`).toBeLessThanOrEqual(height);
        expect(inside.scroll, `${survey.title} in ${column} px`).toBeLessThanOrEqual(inside.client);
        // At 320 px the frame is the card's height, give or take a few lines; an open survey's frame also
        // keeps room for the results its card shows once voting has closed (the snippet stays pasted).
        if (column === 320) expect(height - inside.bottom).toBeLessThanOrEqual(closedNow ? 60 : 200);
        // Around the card, the host's page: outside its rounded corner, and below it when the frame is higher.
        expect(await pixel(page, box.x + 1, box.y + 1)).toEqual(HOST_BACKGROUND);
        if (height - inside.bottom > 4) expect(await pixel(page, box.x + box.width / 2, box.y + box.height - 2)).toEqual(HOST_BACKGROUND);
      });
    }
    await page.setViewportSize(DESKTOP);
  }
});

test("Manage Surveys fits its box, its selects say Published, and addresses wrap after @ or a dot, at 1280 and 390 px", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin/surveys");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Surveys" })).toBeVisible();
  const select = page.getByRole("combobox", { name: /^Status of / }).first();
  await expect(select.locator("option")).toHaveText(["Published", "Unpublished"]);
  expect(await select.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(["publish", "unpublish"]);
  await atBothWidths(page, async (width) => {
    const box = page.getByTestId("data-table");
    const widths = await box.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(widths.scroll, `${width}: the table's box scrolls sideways`).toBeLessThanOrEqual(widths.client);
    const whole = await page.evaluate(() => ({ client: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
    expect(whole.scroll, width).toBeLessThanOrEqual(whole.client);
    await expect(page.getByRole("link", { name: /^Review integrity of / }).first()).toBeVisible();
    for (const cell of await page.locator('td[data-label="Surveyor Email"]').all()) expect(await wrapsOnlyAtWbr(cell), width).toEqual([]);
    await expectAxeClean(page);
  });
});

test("Manage Users: roles in words, Save only for a changed row, addresses wrap after @ or a dot, at 1280 and 390 px", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  await page.goto("/dashboard/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: "Manage Users" })).toBeVisible();
  await expect(page.getByLabel("Filter by Role").locator("option")).toHaveText(["All Roles", "Admin", "User", "Surveyor", "Pro user"]);

  const saves = page.getByRole("button", { name: /^Save the role of / });
  await expect(saves.first()).toBeVisible();
  const count = await saves.count();
  expect(count).toBeGreaterThan(5);
  // Once the page runs, every Save waits for a change of its own row.
  await expect(async () => {
    for (let i = 0; i < count; i++) await expect(saves.nth(i)).toBeDisabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Another role in one row's select (nothing is saved): only that row's Save; its own role again: none.
  const select = page.getByRole("combobox", { name: /^Role of / }).first();
  await expect(select.locator("option")).toHaveText(["Admin", "User", "Surveyor", "Pro user"]);
  const own = await select.inputValue();
  const other = own === "surveyor" ? "pro_user" : "surveyor";
  await select.selectOption(other);
  await expect(saves.first()).toBeEnabled();
  expect(await saves.evaluateAll((buttons) => buttons.filter((b) => !(b as HTMLButtonElement).disabled).length)).toBe(1);
  await select.selectOption(own);
  await expect(saves.first()).toBeDisabled();

  await atBothWidths(page, async (width) => {
    const widths = await page.getByTestId("data-table").evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
    expect(widths.scroll, width).toBeLessThanOrEqual(widths.client);
    await expect(saves.first()).toBeVisible();
    for (const cell of await page.locator('td[data-label="User Email"]').all()) expect(await wrapsOnlyAtWbr(cell), width).toEqual([]);
    await expectAxeClean(page);
  });
});

test("every footer link opens a page of this site, and prefetching them preloads no stylesheet left unused", async ({ page }) => {
  await page.goto("/about");
  // Next prefetches the links in view, and a prefetch preloads the stylesheets of the page linked: the
  // API reference's (260 KB) and the robot check's, unused here ("preloaded but not used" in the
  // console). The reference is not prefetched, and the robot check's loads with its widget.
  await page.waitForLoadState("networkidle");
  const unusedPreloads = await page.evaluate(() => {
    const used = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => l.href));
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map((l) => l.href).filter((href) => !used.has(href));
  });
  expect(unusedPreloads).toEqual([]);
  const links = page.getByRole("contentinfo").getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs).not.toContain("#");
  // The phone's footer (folded, e2e/design-mobile.spec.ts) has the same links.
  await layOutAt(page, PHONE);
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))).toEqual(hrefs);
  await expectAxeClean(page);
  await layOutAt(page, DESKTOP);
  await expectAxeClean(page);
  for (const href of hrefs) {
    const [path, anchor] = href.split("#");
    expect((await page.request.get(path)).status(), href).toBe(200);
    if (anchor) {
      await page.goto(href);
      await expect(page.locator(`#${anchor}`), href).toHaveCount(1);
    }
  }
});

test("a seeded survey's integrity: accounts older than their votes, counts in the right number", async ({ page }) => {
  await signInAs(page, "admin@demo.test");
  const { open } = await seededSurveys(page);
  await page.goto(`/dashboard/admin/surveys/${open._id}`);
  const panel = page.getByTestId("integrity-panel");
  await expect(panel).toBeVisible();
  const ages = panel.getByTestId("integrity-age");
  const votes = Number((await panel.getByTestId("integrity-votes").textContent())!.replace(/\D/g, ""));
  const under = Number(await ages.getByRole("row", { name: /^Under 1 day/ }).getByRole("cell").first().textContent());
  const older = Number(await ages.getByRole("row", { name: /^Older than 30 days/ }).getByRole("cell").first().textContent());
  expect(under).toBeLessThan(votes);
  expect(older).toBeGreaterThan(0);
  await expect(panel.getByTestId("integrity-rate")).toHaveText(/^Usual rate: (1 vote|\d[\d,.]* votes) an hour \((the only hour|the median of the [\d,]+ hours) that had votes\)\./);
  await expect(panel).not.toContainText(/\b1 (votes|hours|voters|networks)\b/);
  await atBothWidths(page, async () => {
    await expect(panel).toBeVisible();
    await expectAxeClean(page);
  });
});

test("the surveyor's voters: a card without a comment has no Comment line", async ({ page }) => {
  await signInAs(page, "surveyor@demo.test");
  // The demo's first survey: community votes without comments, and the pro user's with one.
  const mine = (await (await page.request.get("/api/surveys/surveyor%40demo.test")).json()) as ApiSurvey[];
  const survey = mine.find((s) => s.title === seedSurveys[0][0].title)!;
  let table: Locator | null = null;
  for (let n = 1; n <= 5 && !table; n++) {
    await page.goto(`/dashboard/surveyor/surveys/${survey._id}?page=${n}`);
    const voters = page.getByRole("table", { name: "Voters Information" });
    await expect(voters.or(page.getByText("This page is past the end of the list."))).toBeVisible();
    if ((await voters.getByRole("row").filter({ hasText: "Priya Pro" }).count()) > 0) table = voters;
  }
  expect(table, "the pro user's commented vote").not.toBeNull();
  const rows = table!.getByRole("row").filter({ has: page.getByRole("cell") });
  await atBothWidths(page, async (name) => {
    const shown = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const cell = tr.querySelector('td[data-label="Comment"]') as HTMLElement;
        return { text: cell.textContent?.trim() ?? "", shown: getComputedStyle(cell).display !== "none" };
      }),
    );
    expect(shown.some((c) => c.text === "")).toBe(true);
    expect(shown.some((c) => c.text !== "")).toBe(true);
    // On a phone a card shows its Comment line only with a comment; the table keeps the column.
    for (const c of shown) expect(c.shown, `${name}: ${JSON.stringify(c)}`).toBe(name === "desktop" || c.text !== "");
    await expectAxeClean(page);
  });
});
