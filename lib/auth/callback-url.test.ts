import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "./callback-url";

describe("safeCallbackPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeCallbackPath("/dashboard/user/surveys")).toBe("/dashboard/user/surveys");
    expect(safeCallbackPath("/surveys?category=Health")).toBe("/surveys?category=Health");
  });

  it.each([
    "//evil.com",
    "//evil.com/dashboard",
    "https://evil.com",
    "http://localhost:3000/dashboard",
    "/\\evil.com",
    // Paths that only become `//host` once normalised.
    "/.//evil.com/phish",
    "/..//evil.com",
    "/a/..//evil.com",
    "/%2e//evil.com",
    "/./\\evil.com",
    "javascript:alert(1)",
    "evil.com",
    "",
    null,
    undefined,
  ])("sends %s to the home page", (value) => {
    expect(safeCallbackPath(value)).toBe("/");
  });

  it("does not let tabs or newlines smuggle a second slash", () => {
    expect(safeCallbackPath("/\t/evil.com")).toBe("/");
    expect(new URL(safeCallbackPath("/\n/evil.com"), "http://a.test").host).toBe("a.test");
  });
});
