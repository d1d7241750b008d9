// Where a sign-in goes on: a path on this site in no language yet, so the page it happens on says it
// in its own (a Spanish login page goes on to /es/…, whatever language the link named).
import { describe, expect, it } from "vitest";
import { callbackPath, withoutLocale } from "./callback-path";

const SURVEY = "/survey/details/0b0e6a2c-5d1e-4f6a-9c3b-7e2d1a4b5c6d";

describe("callbackPath", () => {
  it("takes a language prefix off, keeping the query and the fragment", () => {
    expect(withoutLocale("/es/dashboard")).toBe("/dashboard");
    expect(withoutLocale("/de")).toBe("/");
    expect(withoutLocale("/de/dashboard/account?tab=1#email")).toBe("/dashboard/account?tab=1#email");
    expect(withoutLocale("/estate")).toBe("/estate");
    expect(withoutLocale("/dashboard")).toBe("/dashboard");
  });

  it("carries a survey's chosen answer into a prefixed survey address too", () => {
    expect(callbackPath(`/es${SURVEY}`, "yes")).toBe(`${SURVEY}?vote=yes`);
    expect(callbackPath(SURVEY, "no")).toBe(`${SURVEY}?vote=no`);
    expect(callbackPath("/de/dashboard", "yes")).toBe("/dashboard");
  });

  it("goes home for anything that is not a path on this site", () => {
    expect(callbackPath("https://evil.example/es/x", null)).toBe("/");
    expect(callbackPath("//evil.example", null)).toBe("/");
    expect(callbackPath(null, null)).toBe("/");
  });
});
