// oEmbed 1.0 (https://oembed.com, section 2.3): a `rich` answer with the required fields and the
// iframe of the embed, sized within maxwidth/maxheight; only our own survey addresses; json only.
import { beforeAll, describe, expect, it } from "vitest";

process.env.AUTH_URL = "https://opinex.example.test";

const { GET } = await import("./route");
const { embedContentOf, embedSize } = await import("@/lib/sharing/embed-size");
const { siteToday } = await import("@/lib/site-dates");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");

let published: Parameters<typeof embedContentOf>[0] & { id: string };
let hidden: { id: string };
beforeAll(async () => {
  const owner = await createUser({ role: "surveyor" });
  published = await createSurvey(owner.id, { title: `A "quoted" <survey> & more` });
  hidden = await createSurvey(owner.id, { status: "unpublish" });
});

const ask = (query: Record<string, string>) => call(GET, { path: `/api/oembed?${new URLSearchParams(query)}` });
const page = (id: string) => `https://opinex.example.test/survey/details/${id}`;

describe("GET /api/oembed", () => {
  it("answers a rich oEmbed 1.0 response with the embed's iframe", async () => {
    const res = await ask({ url: page(published.id), format: "json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const body = res.json as Record<string, unknown>;
    // Required for every type (version, type) and for "rich" (html, width, height). The height is the
    // survey's card at a phone's width (lib/sharing/embed-size.ts), never the fixed 260 px that clipped it.
    const { height } = embedSize(embedContentOf(published, siteToday()));
    expect(height).toBeGreaterThan(260);
    expect(body).toMatchObject({ version: "1.0", type: "rich", width: 480, height, provider_name: "OPINEX", provider_url: "https://opinex.example.test" });
    expect(body.title).toBe(published.title);
    expect(typeof body.cache_age).toBe("number");
    const html = String(body.html);
    expect(html).toMatch(new RegExp(`^<iframe src="https://opinex\\.example\\.test/embed/survey/${published.id}" width="480" height="${height}" `));
    // The frame takes the embed's colour scheme, so the browser paints no backdrop behind its transparent page.
    expect(html).toContain('style="border:0;max-width:100%;color-scheme:light"');
    expect(html).toContain('title="A &quot;quoted&quot; &lt;survey&gt; &amp; more (OPINEX survey)"');
    expect(html).not.toMatch(/<script/i);
  });

  it("honours maxwidth and maxheight, and also accepts the embed's own address", async () => {
    const res = await ask({ url: `https://opinex.example.test/embed/survey/${published.id}`, maxwidth: "300", maxheight: "200" });
    expect(res.json).toMatchObject({ width: 300, height: 200 });
    expect(String(res.json.html)).toContain('width="300" height="200"');
    // Narrower than a phone's column: higher than the usual frame.
    const narrow = await ask({ url: page(published.id), maxwidth: "280" });
    expect(narrow.json).toMatchObject({ width: 280, height: embedSize(embedContentOf(published, siteToday()), { maxWidth: 280 }).height });
    expect(Number(narrow.json.height)).toBeGreaterThan(embedSize(embedContentOf(published, siteToday())).height);
    expect((await ask({ url: page(published.id), maxwidth: "abc" })).status).toBe(400);
  });

  it("embeds a survey page of another language in that language", async () => {
    const res = await ask({ url: `https://opinex.example.test/es/survey/details/${published.id}` });
    expect(res.status).toBe(200);
    const { height } = embedSize(embedContentOf(published, siteToday(), "es"));
    expect(res.json).toMatchObject({ width: 480, height });
    const html = String(res.json.html);
    expect(html).toMatch(new RegExp(`^<iframe src="https://opinex\\.example\\.test/es/embed/survey/${published.id}" `));
    expect(html).toContain('title="A &quot;quoted&quot; &lt;survey&gt; &amp; more (encuesta de OPINEX)"');
    expect((await ask({ url: `https://opinex.example.test/fr/survey/details/${published.id}` })).status).toBe(404);
  });

  it("is 404 for anything but a published survey of this site, and 501 for another format", async () => {
    for (const url of [
      page(hidden.id),
      page("00000000-0000-4000-8000-000000000000"),
      `https://elsewhere.example/survey/details/${published.id}`,
      `http://opinex.example.test/survey/details/${published.id}`,
      "https://opinex.example.test/surveys",
      "not a url",
      "file:///etc/passwd",
    ]) {
      expect((await ask({ url })).status, url).toBe(404);
    }
    expect((await ask({})).status).toBe(400);
    const xml = await ask({ url: page(published.id), format: "xml" });
    expect(xml.status).toBe(501);
  });
});
