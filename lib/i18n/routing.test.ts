// Which language a request gets and where Next finds its page (lib/i18n/routing.mjs), without a server.
import { describe, expect, it } from "vitest";
import { cookieLocale, localeAlternates, localePath, splitLocale } from "./locales.mjs";
import { negotiateLocale } from "./negotiate.mjs";
import { routeRequest } from "./routing.mjs";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const visit = (url: string, facts: { cookie?: string; acceptLanguage?: string; userAgent?: string; method?: string; rsc?: boolean } = {}) =>
  routeRequest(url, { userAgent: BROWSER, method: "GET", ...facts });
const ID = "6f1c1e0e-8a55-4c4b-9d3c-1b2a3c4d5e6f";

describe("the language of a request", () => {
  it("hands Next each page under its language's segment, the cached pages as their internal routes", () => {
    expect(visit("/")).toEqual({ url: "/en/c/home/index", cached: true, vary: true });
    expect(visit("/es")).toEqual({ url: "/es/c/home/index", cached: true, vary: false });
    expect(visit("/de/surveys?category=Health&page=2")).toEqual({ url: "/de/c/surveys/totalVotes/Health/all/2", cached: true, vary: false });
    expect(visit(`/es/survey/details/${ID}`)).toEqual({ url: `/es/survey/details/${ID}`, cached: false, vary: false });
    expect(visit(`/survey/details/${ID}`)).toEqual({ url: `/en/survey/details/${ID}`, cached: false, vary: true });
    expect(visit(`/de/embed/survey/${ID}?theme=dark`)).toEqual({ url: `/de/c/embed/${ID}/dark`, cached: true, vary: false });
    expect(visit(`/embed/survey/${ID}`)).toEqual({ url: `/en/c/embed/${ID}/light`, cached: true, vary: false });
    expect(visit("/login?callbackUrl=%2Fdashboard")).toEqual({ url: "/en/login?callbackUrl=%2Fdashboard", cached: false, vary: false });
    // A junk view is no cached page: its handler redirects it to the nearest valid view.
    expect(visit("/es/surveys?page=junk")).toEqual({ url: "/es/surveys?page=junk", cached: false, vary: false });
  });

  it("leaves the API, Next's files and the root's files without a language", () => {
    for (const url of ["/api/surveys?x=1", "/_next/static/chunks/a.js", "/favicon.ico", "/robots.txt", "/manifest.webmanifest", "/icons/a.png", "/opengraph-image"]) {
      expect(visit(url, { acceptLanguage: "es" })).toEqual({ url, cached: false, vary: false });
    }
    expect(visit("/sitemap.xml")).toEqual({ url: "/c/sitemap/index", cached: true, vary: false });
    // An embed address that is no cached page goes to its own handler, unprefixed.
    expect(visit(`/embed/survey/${ID}?theme=junk`)).toEqual({ url: `/embed/survey/${ID}?theme=junk`, cached: false, vary: false });
  });

  it("redirects a first visit to an unprefixed public page to the browser's language", () => {
    expect(visit("/surveys?page=2", { acceptLanguage: "es-ES,es;q=0.9,en;q=0.5" })).toEqual({ redirect: "/es/surveys?page=2", vary: true });
    expect(visit("/", { acceptLanguage: "de-DE,de;q=0.9" })).toEqual({ redirect: "/de", vary: true });
    expect(visit(`/survey/details/${ID}`, { acceptLanguage: "de" })).toEqual({ redirect: `/de/survey/details/${ID}`, vary: true });
    // English first, or a language the site does not speak: English, where it is.
    expect(visit("/surveys", { acceptLanguage: "en-US,en;q=0.9,es;q=0.8" })).toEqual({ url: "/en/c/surveys/totalVotes/all/all/1", cached: true, vary: true });
    expect(visit("/surveys", { acceptLanguage: "fr-FR,fr;q=0.9" })).toMatchObject({ url: "/en/c/surveys/totalVotes/all/all/1" });
  });

  it("never redirects a crawler, a choice made, a client router's request or a form post", () => {
    expect(visit("/", { acceptLanguage: "es", userAgent: GOOGLEBOT })).toMatchObject({ url: "/en/c/home/index", vary: true });
    expect(visit("/", { acceptLanguage: "es", cookie: "a=1; NEXT_LOCALE=en" })).toMatchObject({ url: "/en/c/home/index", vary: true });
    expect(visit("/", { acceptLanguage: "es", rsc: true })).toMatchObject({ url: "/en/c/home/index" });
    expect(visit("/contact", { acceptLanguage: "es", method: "POST" })).toMatchObject({ url: "/en/contact" });
    // A choice of German beats a Spanish browser.
    expect(visit("/about", { acceptLanguage: "es", cookie: "NEXT_LOCALE=de" })).toEqual({ redirect: "/de/about", vary: true });
  });

  it("renders the pages only signed-in people use in the chosen or asked-for language, without redirecting", () => {
    expect(visit("/dashboard/user", { cookie: "NEXT_LOCALE=de" })).toEqual({ url: "/de/dashboard/user", cached: false, vary: false });
    expect(visit("/dashboard/user", { acceptLanguage: "es" })).toEqual({ url: "/es/dashboard/user", cached: false, vary: false });
    expect(visit("/dashboard/user", { cookie: "NEXT_LOCALE=xx", acceptLanguage: "fr" })).toEqual({ url: "/en/dashboard/user", cached: false, vary: false });
  });
});

describe("locale helpers", () => {
  it("split, build and negotiate", () => {
    expect(splitLocale("/es/surveys")).toEqual({ prefix: "es", rest: "/surveys" });
    expect(splitLocale("/de")).toEqual({ prefix: "de", rest: "/" });
    expect(splitLocale("/desk")).toEqual({ prefix: null, rest: "/desk" });
    expect(localePath("es", "/")).toBe("/es");
    expect(localePath("de", "/surveys?page=2")).toBe("/de/surveys?page=2");
    expect(localePath("es", "/#faq")).toBe("/es#faq");
    expect(localePath("en", "/surveys")).toBe("/surveys");
    expect(negotiateLocale("fr, de;q=0.5")).toBe("de");
    expect(negotiateLocale("*")).toBe("en");
    expect(negotiateLocale(undefined)).toBeNull();
    expect(cookieLocale("NEXT_LOCALE=es")).toBe("es");
    expect(cookieLocale("XNEXT_LOCALE=es")).toBeNull();
    expect(cookieLocale("NEXT_LOCALE=fr")).toBeNull();
    expect(localeAlternates("/about")).toEqual({ en: "/about", es: "/es/about", de: "/de/about", "x-default": "/about" });
  });
});
