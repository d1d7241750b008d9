import { describe, expect, it } from "vitest";
import { CATEGORIES as MODEL_CATEGORIES } from "@/models/enums";
import { LIST_PAGE_MAX as PAGE_MAX, SURVEY_SORTS as SORTS } from "@/lib/validation/survey-list";
import { CATEGORIES, LIST_PAGE_MAX, publicRewrites, SURVEY_SORTS } from "./public-urls";

// The path-to-regexp named groups Next uses for `has` values: test them as plain regular expressions.
const matches = (pattern: string, value: string) => new RegExp(`^${pattern}$`).test(value);

describe("public rewrites", () => {
  it("repeat the app's sorts, categories and page limit exactly", () => {
    expect(CATEGORIES).toEqual(MODEL_CATEGORIES);
    expect(SURVEY_SORTS).toEqual(SORTS);
    expect(LIST_PAGE_MAX).toBe(PAGE_MAX);
  });

  it("send each combination of list parameters to one view path, defaults filled in", () => {
    const list = publicRewrites().filter((r) => r.source === "/surveys");
    expect(list).toHaveLength(8);
    const bare = list.find((r) => !r.has?.length)!;
    expect(bare.destination).toBe("/c/surveys/totalVotes/all/1");
    expect(bare.missing?.map((m) => m.key)).toEqual(["sort", "category", "page"]);
    const all = list.find((r) => r.has?.length === 3)!;
    expect(all.destination).toBe("/c/surveys/:sort/:category/:page");
  });

  it("rewrite only valid values (anything else reaches the redirecting /surveys handler)", () => {
    const all = publicRewrites().find((r) => r.source === "/surveys" && r.has?.length === 3)!;
    const pattern = (key: string) => all.has!.find((h) => h.key === key)!.value.replace(/\(\?<\w+>/, "(?:");
    expect(matches(pattern("page"), "1")).toBe(true);
    expect(matches(pattern("page"), "1000")).toBe(true);
    expect(matches(pattern("page"), "999")).toBe(true);
    for (const bad of ["0", "01", "abc", "1001", "5000", "10000", "-1", "1.5", ""]) expect(matches(pattern("page"), bad)).toBe(false);
    expect(matches(pattern("category"), "Health")).toBe(true);
    expect(matches(pattern("category"), "health")).toBe(false);
    expect(matches(pattern("sort"), "createdAt")).toBe(true);
    expect(matches(pattern("sort"), "title")).toBe(false);
  });
});
