// /embed/survey/{id} when the rewrite to the cached embed did not take: a junk theme goes to the default
// theme's address; an id that is no survey id is a 404 that says so in the frame, naming the site.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET } from "./route";

const get = (id: string, query = "") =>
  GET(new NextRequest(`http://localhost:3000/embed/survey/${encodeURIComponent(id)}${query}`), { params: Promise.resolve({ id }) });

describe("GET /embed/survey/{id} (not rewritten)", () => {
  it("answers an id that is no survey id with a small page that says so in a sentence, in the asked theme", async () => {
    for (const [query, background] of [["", "#ffffff"], ["?theme=dark", "#0f172a"]]) {
      const response = await get("not-an-id", query);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const page = await response.text();
      expect(page).toContain("<h1>There is no survey at this address on OPINEX.</h1>");
      expect(page).toContain('href="/surveys"');
      expect(page).toContain(`background:${background}`);
      expect(page).not.toContain("<script");
      expect(page).not.toContain("this is a error page");
    }
  });

  it("sends a junk theme to the default theme's address", async () => {
    const id = "8d3c2b1a-0f9e-4d8c-b7a6-554433221100";
    const response = await get(id, "?theme=purple");
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/embed/survey/${id}`);
  });
});
