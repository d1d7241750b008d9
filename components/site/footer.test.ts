// Every footer link opens a page of this site: none goes to "#" (Integrations, Guides and the social
// media accounts once did, and the site has none of them). e2e/polish.spec.ts opens each one.
import fs from "node:fs";
import path from "node:path";
import { setRequestLocale } from "next-intl/server";
import { afterEach, describe, expect, it } from "vitest";
import { internalPath } from "@/lib/public-rewrites.mjs";
import { propsNamed, textOf } from "@/tests/element-text";
import { Footer } from "./footer";

/** Whether a path is a page: a cached public page, or a `page.tsx` under app/[locale]/ (route groups skipped). */
function isPage(pathname: string): boolean {
  const route = internalPath(pathname) ?? pathname;
  const segments = route.split("/").filter(Boolean);
  const find = (dir: string, rest: string[]): boolean => {
    if (rest.length === 0) return fs.existsSync(path.join(dir, "page.tsx"));
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const sub = path.join(dir, entry.name);
      if (/^\(.*\)$/.test(entry.name) && find(sub, rest)) return true;
      // A catch-all (app/[locale]/[...rest], the error page) answers anything: it makes no page.
      if (entry.name === rest[0] || /^\[(?!\.\.\.).*\]$/.test(entry.name)) {
        if (find(sub, rest.slice(1))) return true;
      }
    }
    return false;
  };
  return find(path.resolve("app/[locale]"), segments);
}

describe("Footer", () => {
  afterEach(() => setRequestLocale("en"));

  it("links only to pages of this site, never to #", async () => {
    const links = propsNamed(await Footer(), "href") as { href: string; children: unknown }[];
    expect(links.length).toBeGreaterThan(5);
    for (const { href, children } of links) {
      const label = textOf(children);
      expect(href, label).toMatch(/^\/[^#]*(#[a-z-]+)?$/);
      expect(isPage(href.split("#")[0]), `${label}: ${href}`).toBe(true);
    }
    const labels = links.map((l) => textOf(l.children));
    for (const gone of ["Integrations", "Guides", "Facebook", "Twitter", "Instagram"]) expect(labels).not.toContain(gone);
  });

  it("keeps its words: the tagline and the copyright line", async () => {
    const text = textOf(await Footer());
    expect(text).toContain("Yes/no surveys with honest, one-vote-per-person results.");
    expect(text).toMatch(/© \d{4} OPINEX\. All rights reserved\./);
  });

  it("speaks the page's language, with the same links", async () => {
    const english = (propsNamed(await Footer(), "href") as { href: string }[]).map((l) => l.href);
    setRequestLocale("de");
    const footer = await Footer();
    const links = propsNamed(footer, "href") as { href: string; children: unknown }[];
    expect(links.map((l) => l.href)).toEqual(english);
    expect(links.map((l) => textOf(l.children))).toContain("Nutzungsbedingungen");
    expect(textOf(footer)).toMatch(/© \d{4} OPINEX\. Alle Rechte vorbehalten\./);
  });
});
