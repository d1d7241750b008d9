// What reaches app/[locale]/(site)/surveys/route.ts: a view the rewrite table does not map (lib/public-rewrites.mjs).
// Each is sent to the nearest valid view in the same language, and that view is one the table maps (no redirect loop).
import { describe, expect, it } from "vitest";
import { splitLocale } from "@/lib/i18n/locales.mjs";
import { internalPath } from "@/lib/public-rewrites.mjs";
import { call } from "@/tests/http";
import { GET } from "./route";

const target = async (query: string, locale = "en") => {
  const res = await call(GET, { path: `/${locale}/surveys?${query}`, params: { locale } });
  expect(res.status, query).toBe(307);
  const location = new URL(res.headers.get("location")!);
  expect(location.origin).toBe("http://localhost:3000");
  const path = location.pathname + location.search;
  const { rest } = splitLocale(location.pathname);
  expect(internalPath(rest + location.search), `${query} -> ${path}`).not.toBeNull();
  return path;
};

describe("GET /surveys (a view not in the rewrite table)", () => {
  it("normalises a search, keeping the other choices, so equivalent searches land on one URL", async () => {
    expect(await target("q=Remote++WORK!&sort=createdAt&status=open")).toBe("/surveys?q=remote+work&sort=createdAt&status=open");
    expect(await target("q=+remote+work+")).toBe("/surveys?q=remote+work");
    expect(await target("q=REMOTE,work")).toBe("/surveys?q=remote+work");
    expect(await target("q=Caf%C3%A9")).toBe("/surveys?q=caf%C3%A9");
    expect(await target(`q=${"library ".repeat(20)}&category=Health`)).toBe(`/surveys?q=${"library+".repeat(6)}library&category=Health`);
  });

  it("drops a search with nothing left, and injection-looking text is only text", async () => {
    expect(await target("q=!!!&page=2")).toBe("/surveys?page=2");
    expect(await target("q=---")).toBe("/surveys");
    expect(await target("q=%27%3B+DROP+TABLE+surveys%3B+--")).toBe("/surveys?q=drop+table+surveys");
    expect(await target("q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).toBe("/surveys?q=script+alert+1+script");
  });

  it("sets a bad status, sort or category to its default and a page past the end to the last allowed page", async () => {
    expect(await target("status=ended&q=library")).toBe("/surveys?q=library");
    expect(await target("status=Open&sort=title&category=health&page=5000")).toBe("/surveys?page=1000");
    expect(await target("q=Library&status=closed&page=abc")).toBe("/surveys?q=library&status=closed");
    // The last of a repeated parameter counts, as in the rewrite table.
    expect(await target("status=open&status=ended")).toBe("/surveys");
  });

  it("keeps the page's language: Spanish and German stay under their prefix, English has none", async () => {
    expect(await target("page=junk", "es")).toBe("/es/surveys");
    expect(await target("q=Remote++WORK!&status=open", "de")).toBe("/de/surveys?q=remote+work&status=open");
    expect(await target("page=junk", "en")).toBe("/surveys");
  });

  it("answers 404 for a language the site does not have", async () => {
    const res = await call(GET, { path: "/fr/surveys?page=junk", params: { locale: "fr" } });
    expect(res.status).toBe(404);
  });
});
