import { beforeAll, describe, expect, it } from "vitest";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET, OPTIONS } from "./route";

// The configuration is read once, on the first database use, which comes after this line.
process.env.CORS_ORIGINS = "https://partner.example";

type Item = { _id: string; title: string; category: string; status: string; totalVotes: number };
const list = async (query = "") => {
  const res = await call(GET, { path: `/api/all_surveys${query}` });
  return { ...res, items: res.json as unknown as Item[] };
};

describe("GET /api/all_surveys", () => {
  beforeAll(async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const categories = ["Technology", "Education", "Health", "Entertainment", "Other"] as const;
    // 15 published surveys: votes 0..14, created one day apart, categories in turn.
    for (let i = 0; i < 15; i++) {
      await createSurvey(surveyor.id, {
        title: `p${i}`,
        category: categories[i % 5],
        yesCount: i,
        createdAt: new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 15))),
      });
    }
    await createSurvey(surveyor.id, { title: "hidden", category: "Health", yesCount: 999, status: "unpublish" });
  });

  it("answers an array of every published survey, most votes first by default", async () => {
    const { status, items } = await list();
    expect(status).toBe(200);
    expect(Array.isArray(items)).toBe(true);
    expect(items).toHaveLength(15);
    expect(items.map((s) => s.title)).toEqual(Array.from({ length: 15 }, (_, i) => `p${14 - i}`));
    expect(items.every((s) => s.status === "publish")).toBe(true);
  });

  it("sorts by creation date, newest first", async () => {
    const { items } = await list("?sort=createdAt");
    const created = items.map((s) => (s as unknown as { createdAt: string }).createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(created).size).toBe(15);
  });

  it("filters by category; an empty category is All", async () => {
    const { items } = await list("?category=Health");
    expect(items.map((s) => s.title)).toEqual(["p12", "p7", "p2"]);
    expect((await list("?category=")).items).toHaveLength(15);
  });

  it("pages without overlap or gaps, and answers an empty array past the end", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((p) => list(`?limit=4&page=${p}`)));
    const titles = pages.flatMap((p) => p.items.map((s) => s.title));
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, 4, 3]);
    expect(new Set(titles).size).toBe(15);
    expect((await list("?limit=4&page=5")).items).toEqual([]);
    expect((await list("?limit=100")).items).toHaveLength(15);
  });

  it.each([
    "?limit=101",
    "?limit=0",
    "?limit=-5",
    "?limit=abc",
    "?limit=2.5",
    "?page=0",
    "?page=1001",
    "?page=x",
    "?sort=votes",
    "?sort=createdAt;drop",
    "?category=health",
    "?category=Politics",
  ])("refuses %s with a 400 and a message", async (query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.json.error?.code).toBe("bad_request");
    expect(res.json.error?.message).toBeTruthy();
  });

  it("searches (normalised like the page) and filters open or closed surveys; a search typed absurdly long is 400", async () => {
    expect((await list("?q=P12!")).items.map((s) => s.title)).toEqual(["p12"]);
    expect((await list("?q=p12+or+p3&sort=createdAt")).items.map((s) => s.title).sort()).toEqual(["p12", "p3"]);
    expect((await list("?q=hidden")).items).toEqual([]);
    expect((await list("?q=!!!")).items).toHaveLength(15);
    expect((await list("?status=open")).items).toHaveLength(15);
    expect((await list("?status=closed")).items).toEqual([]);
    expect((await list("?status=closed&q=p12")).items).toEqual([]);
    expect((await list(`?q=${"x".repeat(501)}`)).status).toBe(400);
    expect((await list("?status=ended")).status).toBe(400);
  });
});

describe("GET /api/all_surveys from other sites", () => {
  it("lets only the origins of CORS_ORIGINS read it", async () => {
    const allowed = await call(GET, { headers: { origin: "https://partner.example" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    const other = await call(GET, { headers: { origin: "https://evil.example" } });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("answers the browser's preflight for allowed origins only", async () => {
    const preflight = async (request: Parameters<typeof OPTIONS>[0]) => OPTIONS(request);
    const allowed = await call(preflight, { method: "OPTIONS", headers: { origin: "https://partner.example" } });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://partner.example");
    expect(allowed.headers.get("access-control-allow-headers")).toContain("Authorization");
    const other = await call(preflight, { method: "OPTIONS", headers: { origin: "https://evil.example" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});
