// The integrity panel's sentences say each count with its noun in the right number: a quiet survey's
// usual rate is "1 vote an hour", never "1 votes an hour".
import { describe, expect, it } from "vitest";
import { burstRuleText, counted, rateText, usualRateText } from "./integrity-text";

describe("integrity texts", () => {
  it("counts with the noun singular for exactly one", () => {
    expect(counted(0, "vote")).toBe("0 votes");
    expect(counted(1, "vote")).toBe("1 vote");
    expect(counted(2, "vote")).toBe("2 votes");
    expect(counted(1.5, "vote")).toBe("1.5 votes");
    expect(counted(12345, "burst hour")).toBe("12,345 burst hours");
    expect(counted(1, "network")).toBe("1 network");
  });

  it("says the usual rate in the right number, and what it is the median of", () => {
    expect(usualRateText(1, 1)).toBe("Usual rate: 1 vote an hour (the only hour that had votes).");
    expect(usualRateText(1, 12)).toBe("Usual rate: 1 vote an hour (the median of the 12 hours that had votes).");
    expect(usualRateText(2.5, 4)).toBe("Usual rate: 2.5 votes an hour (the median of the 4 hours that had votes).");
    expect(usualRateText(3, 1_200)).toBe("Usual rate: 3 votes an hour (the median of the 1,200 hours that had votes).");
    // Only voided votes: no hour counted.
    expect(usualRateText(0, 0)).toBe("Usual rate: none yet, as no vote is counted.");
  });

  it("writes the burst rule and ratios", () => {
    expect(burstRuleText(10, 5, 10)).toBe("A burst is an hour with at least 10 votes: 5 times the usual rate, and never fewer than 10.");
    expect(rateText(4)).toBe("4");
    expect(rateText(2 / 3)).toBe("0.7");
  });
});
