import { describe, expect, it } from "vitest";
import { countsShown, hiddenFromPublic, publicCountsShown, resultsHidden, visibleCounts, visibleVoided } from "./results-visibility";
import { resultStats } from "./stats";
import type { ResultsVisibility } from "@/models/enums";

const surveyorId = "5f0d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f51";
const kept = { resultsVisibility: "after_deadline" as const, surveyorId };
const shown = { resultsVisibility: "after_voting" as const, surveyorId };
const person = (role: "user" | "pro_user" | "surveyor" | "admin", id = "9a0d8a4e-1b2c-4d3e-8f9a-0b1c2d3e4f52") => ({ id, role });

describe("resultsHidden", () => {
  it("hides the counts of an open survey kept until its deadline from everyone but its surveyor and admins", () => {
    for (const viewer of [null, undefined, person("user"), person("pro_user"), person("surveyor")]) {
      expect(resultsHidden(kept, false, viewer)).toBe(true);
    }
    expect(resultsHidden(kept, false, person("surveyor", surveyorId))).toBe(false);
    expect(resultsHidden(kept, false, person("admin"))).toBe(false);
  });

  it("hides nothing once the survey has closed, nor for a survey that shows its results after voting", () => {
    for (const viewer of [null, person("user"), person("surveyor")]) {
      expect(resultsHidden(kept, true, viewer)).toBe(false);
      expect(resultsHidden(shown, false, viewer)).toBe(false);
    }
    // A survey read from a cache written before the choice existed shows its results, as it did.
    expect(resultsHidden({ surveyorId }, false, null)).toBe(false);
  });

  it("hides from the public exactly what it hides from a signed-out visitor (the admin list says which)", () => {
    const surveys: { resultsVisibility?: ResultsVisibility; surveyorId: string }[] = [kept, shown, { surveyorId }];
    for (const survey of surveys) {
      for (const closed of [false, true]) expect(hiddenFromPublic(survey, closed)).toBe(resultsHidden(survey, closed, null));
    }
    expect(hiddenFromPublic(kept, false)).toBe(true);
  });
});

describe("visibleCounts", () => {
  it("answers the counts with their stats, or nulls", () => {
    expect(visibleCounts({ yesCount: 3, noCount: 9 }, false)).toEqual({ yesCount: 3, noCount: 9, stats: resultStats(3, 9), resultsHidden: false });
    expect(visibleCounts({ yesCount: 3, noCount: 9 }, true)).toEqual({ yesCount: null, noCount: null, stats: null, resultsHidden: true });
  });
});

describe("countsShown: what a page or an embed draws", () => {
  it("draws the split once voting has ended or to a voter, before that the total, nothing while hidden", () => {
    expect(countsShown({ resultsHidden: false, deadlinePassed: true })).toBe("split");
    expect(countsShown({ resultsHidden: false, deadlinePassed: false }, true)).toBe("split");
    expect(countsShown({ resultsHidden: false, deadlinePassed: false })).toBe("total");
    expect(countsShown({ resultsHidden: true, deadlinePassed: false }, true)).toBe("none");
  });

  it("shows the public (a cached page, the embed) an open survey's total only, a closed one's split", () => {
    expect(publicCountsShown(shown, false)).toBe("total");
    expect(publicCountsShown(shown, true)).toBe("split");
    expect(publicCountsShown(kept, false)).toBe("none");
    expect(publicCountsShown(kept, true)).toBe("split");
    expect(publicCountsShown({ surveyorId }, false)).toBe("total");
  });

  it("hides the number of voided votes with the counts", () => {
    expect(visibleVoided(3, true)).toBeNull();
    expect(visibleVoided(3, false)).toBe(3);
    expect(visibleVoided(undefined, false)).toBe(0);
  });
});
