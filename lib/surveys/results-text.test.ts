import { describe, expect, it } from "vitest";
import { hiddenResultsText, percent, rangeText, resultSentence, votesText } from "./results-text";
import { resultStats } from "./stats";

describe("a result in words", () => {
  it("says the share, the 95% interval, the verdict and the votes", () => {
    // 52 of 84: Wilson [0.5122, 0.7155].
    expect(resultSentence(resultStats(52, 32))).toBe("Yes 62% (95% interval 51–72%) · Yes leads · 84 votes");
    expect(resultSentence(resultStats(40, 60))).toBe("Yes 40% (95% interval 31–50%) · No leads · 100 votes");
    expect(resultSentence(resultStats(50, 50))).toBe("Yes 50% (95% interval 40–60%) · Too close to call · 100 votes");
    expect(resultSentence(resultStats(1, 0))).toBe("Yes 100% (95% interval 21–100%) · Too few votes to tell · 1 vote");
    expect(resultSentence(resultStats(0, 0))).toBe("No votes yet");
  });

  it("rounds shares to whole percentages", () => {
    expect(percent(0.6234)).toBe("62%");
    expect(percent(0.005)).toBe("1%");
    expect(rangeText(0.0061, 0.1718)).toBe("1–17%");
    expect(votesText(1)).toBe("1 vote");
    expect(votesText(0)).toBe("0 votes");
  });

  it("says when hidden results will be shown", () => {
    expect(hiddenResultsText("2027-01-21")).toBe("Results are shown when the survey closes on Jan 21, 2027");
  });
});
