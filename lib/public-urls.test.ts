import { describe, expect, it } from "vitest";
import { internalPath } from "./public-rewrites.mjs";
import { listHref, SITEMAP_PAGES } from "./public-urls";

const all = { sort: "totalVotes", category: "", status: "", q: "" } as const;

describe("listHref", () => {
  it("leaves defaults out, so each view has one URL", () => {
    expect(listHref({ ...all, page: 1 })).toBe("/surveys");
    expect(listHref({ ...all, sort: "createdAt", category: "Health", page: 2 })).toBe("/surveys?sort=createdAt&category=Health&page=2");
    expect(listHref({ ...all, status: "open", page: 1 })).toBe("/surveys?status=open");
  });

  it("keeps the search and the filter on every page link, and each link is a view the server maps", () => {
    const href = listHref({ sort: "createdAt", category: "Other", status: "closed", q: "remote work", page: 3 });
    expect(href).toBe("/surveys?q=remote+work&sort=createdAt&category=Other&status=closed&page=3");
    expect(internalPath(href)).toBe("/c/surveys/createdAt/Other/closed/3/remote%20work");
    expect(internalPath(listHref({ ...all, q: "café", page: 1 }))).toBe("/c/surveys/totalVotes/all/all/1/caf%C3%A9");
  });

  it("lists the unfiltered views in the sitemap, never a search", () => {
    const lists = SITEMAP_PAGES.map((p) => p.path).filter((p) => p.startsWith("/surveys"));
    expect(lists).toHaveLength(6);
    expect(lists.every((p) => !p.includes("q=") && !p.includes("status="))).toBe(true);
  });
});
