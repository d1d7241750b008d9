// The site in English, Spanish and German (docs/i18n.md): addresses, the choice of language, caching
// per language, the sitemap's alternates, no English left on the other languages' pages, and the
// journeys of a Spanish and a German visitor.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import type Messages from "../messages/en";
import { newPerson, picture } from "./fixtures/accounts";
import { linkIn, mailTo } from "./fixtures/inbox";
import { openSurveyId } from "./fixtures/surveys";

// A desktop Chrome's user agent: Playwright's own says "HeadlessChrome", which isbot counts as a robot,
// and robots are never redirected by language.
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

test.use({ userAgent: CHROME });

/** The Spanish texts, read as the site's (messages/<area>/es.json). */
const es = Object.fromEntries(
  ["client", "auth", "mail", "survey"].map((area) => [area, JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "..", "messages", area, "es.json"), "utf8"))]),
) as Pick<typeof Messages, "client" | "auth" | "mail" | "survey">;

test("a first visit follows Accept-Language, with a redirect caches may keep; crawlers and a made choice stay", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL, maxRedirects: 0 });
  try {
    const spanish = await api.get("/surveys?category=Health", { headers: { "accept-language": "es-ES,es;q=0.9,en;q=0.6", "user-agent": CHROME } });
    expect(spanish.status()).toBe(307);
    expect(spanish.headers()["location"]).toBe("/es/surveys?category=Health");
    expect(spanish.headers()["vary"]).toContain("Accept-Language, Cookie");
    expect(spanish.headers()["cache-control"]).toBe("public, max-age=3600");

    // English first: the page itself, saying what it depends on.
    const english = await api.get("/surveys?category=Health", { headers: { "accept-language": "en-GB,en;q=0.9,de;q=0.8", "user-agent": CHROME } });
    expect(english.status()).toBe(200);
    expect(english.headers()["vary"]).toContain("Accept-Language, Cookie");
    expect(await english.text()).toContain('<html lang="en"');

    // A search engine, and a visitor who chose English, read the English page.
    for (const headers of [
      { "accept-language": "de-DE,de;q=0.9", "user-agent": GOOGLEBOT },
      { "accept-language": "de-DE,de;q=0.9", "user-agent": CHROME, cookie: "NEXT_LOCALE=en" },
    ] as Record<string, string>[]) {
      const answer = await api.get("/", { headers });
      expect(answer.status()).toBe(200);
      expect(await answer.text()).toContain('<html lang="en"');
    }
    // The prefixed page is in its language whatever the browser says, and varies on nothing of it.
    const german = await api.get("/de/surveys", { headers: { "accept-language": "es", "user-agent": CHROME } });
    expect(german.status()).toBe(200);
    expect(german.headers()["vary"] ?? "").not.toContain("Accept-Language");
    expect(await german.text()).toContain('<html lang="de"');
  } finally {
    await api.dispose();
  }
});

test("each page names its language, its canonical address and its alternates in the others", async ({ page, request }) => {
  const survey = await openSurveyId(page);
  for (const [path, lang, canonical] of [
    ["/es/about", "es", "/es/about"],
    ["/de/surveys", "de", "/de/surveys"],
    [`/de/survey/details/${survey}`, "de", `/de/survey/details/${survey}`],
    ["/about", "en", "/about"],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<html lang="${lang}"`);
    const unprefixed = canonical.replace(/^\/(es|de)(?=\/|$)/, "") || "/";
    expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${canonical.replace(/\//g, "\\/")}"`));
    for (const [hreflang, href] of [
      ["en", unprefixed],
      ["es", `/es${unprefixed === "/" ? "" : unprefixed}`],
      ["de", `/de${unprefixed === "/" ? "" : unprefixed}`],
      ["x-default", unprefixed],
    ]) {
      expect(html, `${path} ${hreflang}`).toMatch(new RegExp(`<link rel="alternate" hreflang="${hreflang}" href="[^"]*${href.replace(/\//g, "\\/")}"`, "i"));
    }
  }
});

test("the sitemap is valid XML listing every page in the three languages, each with its alternates", async ({ page, request }) => {
  const survey = await openSurveyId(page);
  const xml = await (await request.get("/sitemap.xml")).text();
  await page.goto("/about");
  const entries = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "application/xml");
    if (doc.getElementsByTagName("parsererror").length) return null;
    const SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9";
    const XHTML = "http://www.w3.org/1999/xhtml";
    if (doc.documentElement.namespaceURI !== SITEMAP || doc.documentElement.localName !== "urlset") return null;
    return [...doc.getElementsByTagNameNS(SITEMAP, "url")].map((url) => ({
      loc: url.getElementsByTagNameNS(SITEMAP, "loc")[0]?.textContent ?? "",
      children: [...url.children].map((c) => `${c.namespaceURI === XHTML ? "xhtml:" : ""}${c.localName}`),
      alternates: Object.fromEntries([...url.getElementsByTagNameNS(XHTML, "link")].map((link) => [link.getAttribute("hreflang"), link.getAttribute("href")])),
    }));
  }, xml);
  expect(entries, "well-formed, in the sitemap namespace").not.toBeNull();
  expect(entries!.length).toBeLessThanOrEqual(50_000);
  for (const entry of entries!) {
    // The schema's order: loc, then the alternates, then lastmod, changefreq, priority.
    expect(entry.children[0]).toBe("loc");
    expect(Object.keys(entry.alternates).sort()).toEqual(["de", "en", "es", "x-default"]);
    // Each entry is one of its own alternates, and the alternates agree with each other.
    expect(Object.values(entry.alternates)).toContain(entry.loc);
    const path = new URL(entry.alternates.en!).pathname;
    expect(new URL(entry.alternates.es!).pathname).toBe(`/es${path === "/" ? "" : path}`);
    expect(new URL(entry.alternates.de!).pathname).toBe(`/de${path === "/" ? "" : path}`);
  }
  const locs = entries!.map((e) => new URL(e.loc).pathname);
  for (const path of [`/survey/details/${survey}`, `/es/survey/details/${survey}`, `/de/survey/details/${survey}`, "/es", "/de/about"]) expect(locs).toContain(path);
});

test("a German visitor switches to English and stays there", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: "de-DE", userAgent: CHROME, baseURL });
  const page = await context.newPage();
  try {
    await page.goto("/surveys");
    await expect(page).toHaveURL(/\/de\/surveys$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    const languages = page.getByRole("navigation", { name: "Sprache" });
    await expect(languages.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
    await languages.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/surveys$/);
    await expect(page).not.toHaveURL(/\/de\//);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The choice holds on the next visits, though the browser still asks for German first.
    for (const path of ["/", "/about", "/surveys"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === "/" ? "" : path}/?$`));
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    }
    expect((await context.cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("en");
  } finally {
    await context.close();
  }
});

/**
 * Every text of the page a person reads or hears: text, and the labels, titles, alternatives and
 * placeholders of elements, leaving out what is marked as not to be translated (a survey's own text).
 */
async function textsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const skip = (node: Node | null) => Boolean(node && (node instanceof Element ? node : node.parentElement)?.closest('[translate="no"], script, style, noscript, svg'));
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!skip(node)) texts.push(node.textContent ?? "");
    for (const el of document.querySelectorAll("[aria-label], [title], [alt], [placeholder]")) {
      if (skip(el)) continue;
      for (const name of ["aria-label", "title", "alt", "placeholder"]) if (el.getAttribute(name)) texts.push(el.getAttribute(name)!);
    }
    texts.push(document.title);
    return texts.map((t) => t.replace(/\s+/g, " ").trim()).filter(Boolean);
  });
}

// Words the three languages share: names and terms people use untranslated.
const SHARED = /^(OPINEX|API|CSV|JSON|OpenAPI|Stripe|Google|QR|Passkeys?|English|Español|Deutsch|Dashboard|\d[\d\s.,:%–-]*)$/;
const sentence = (text: string) => (text.match(/\p{L}{3,}/gu) ?? []).length >= 2 && !text.split(/[\s·|]+/).every((w) => SHARED.test(w));

test("no English is left on the Spanish and German pages", async ({ page }) => {
  const survey = await openSurveyId(page);
  const paths = ["/", "/surveys", `/survey/details/${survey}`, "/pricing", "/about", "/contact", "/privacy", "/terms", "/login", "/register", "/forgot-password", "/no/such/page"];
  for (const path of paths) {
    await page.goto(path);
    const english = new Set((await textsOf(page)).filter(sentence));
    for (const locale of ["es", "de"]) {
      await page.goto(`/${locale}${path === "/" ? "" : path}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const leftOver = (await textsOf(page)).filter((text) => english.has(text));
      expect(leftOver, `${locale} ${path}`).toEqual([]);
    }
  }
});

test("a Spanish visitor lands on /es, registers, gets Spanish mail, votes, and reads Spanish dates and results", async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    locale: "es-ES",
    userAgent: CHROME,
    baseURL,
    // A network of this test's own: registrations are limited per client.
    extraHTTPHeaders: { "x-forwarded-for": "198.51.100.91" },
  });
  const page = await context.newPage();
  try {
    const survey = await openSurveyId(page);
    await page.goto("/");
    await expect(page).toHaveURL(/\/es$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    // Registering from the Spanish page: the form, its answer, and the account's mail are Spanish.
    await page.getByRole("navigation", { name: es.client.nav.main }).getByRole("link", { name: es.client.nav.register }).click();
    await expect(page).toHaveURL(/\/es\/register$/);
    const person = newPerson("Votante");
    await page.getByLabel(es.auth.register.name).fill(person.name);
    await page.getByLabel(es.auth.fields.email).fill(person.email);
    await page.getByLabel(es.auth.fields.password, { exact: true }).fill(person.password);
    await page.getByLabel(es.auth.register.picture).setInputFiles(await picture());
    await page.getByRole("button", { name: es.auth.register.submit, exact: true }).click();
    await expect(page.getByText(es.auth.register.created)).toBeVisible();

    const mail = await mailTo(person.email, new RegExp(es.mail.verifyEmail.subject.replace("{site}", "OPINEX")));
    expect(mail.text).toContain(es.mail.verifyEmail.action);
    const link = linkIn(mail, "/verify-email");
    expect(new URL(link).pathname).toBe("/es/verify-email");
    await page.goto(link);
    const verify = page.getByRole("button", { name: es.auth.links.verify.button });
    await expect(async () => {
      if ((await verify.isVisible()) && (await verify.isEnabled())) await verify.click();
      await expect(page.getByRole("heading", { name: es.auth.links.verify.done })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });

    // The survey in Spanish: its deadline as a Spanish date, the vote, the result in Spanish words.
    await page.goto(`/es/survey/details/${survey}`);
    const deadline = page.locator("time").first();
    await expect(deadline).toHaveText(/^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic) \d{4}$/);
    const form = page.getByRole("form", { name: es.survey.vote.formLabel });
    await form.getByRole("radio", { name: es.survey.answers.yes }).check();
    await form.getByRole("button", { name: es.survey.vote.submit }).click();
    await expect(page.getByText(es.survey.vote.successDescription)).toBeVisible();
    const verdicts = Object.values(es.survey.results.verdict);
    await expect(page.getByText(new RegExp(verdicts.join("|"))).first()).toBeVisible();
    // "63 %": Spanish puts a (no-break) space before the sign.
    await expect(page.getByText(/\d+\s%/).first()).toBeVisible();
  } finally {
    await context.close();
  }
});
