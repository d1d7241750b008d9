import { describe, expect, it } from "vitest";
import { MIN_VOTES_FOR_VERDICT, resultStats, verdictOf, wilsonInterval } from "./stats";

// Published 95 % Wilson score intervals (no continuity correction), compared to 4 decimals.
const PUBLISHED: { yes: number; n: number; low: number; high: number; source: string }[] = [
  // Newcombe R. G., "Two-sided confidence intervals for the single proportion: comparison of seven
  // methods", Statistics in Medicine 17 (1998) 857-872, Table I, method 3 (score method, Wilson 1927).
  { yes: 81, n: 263, low: 0.2553, high: 0.3662, source: "Newcombe 1998, Table I, method 3" },
  { yes: 15, n: 148, low: 0.0624, high: 0.1605, source: "Newcombe 1998, Table I, method 3" },
  { yes: 0, n: 20, low: 0, high: 0.1611, source: "Newcombe 1998, Table I, method 3" },
  { yes: 1, n: 29, low: 0.0061, high: 0.1718, source: "Newcombe 1998, Table I, method 3" },
  { yes: 29, n: 29, low: 0.883, high: 1, source: "Newcombe 1998, Table I, method 3" },
  // R, package binom: binom.confint(x, n, tol = 1e-8), row method = "wilson" (as recorded in
  // statsmodels' reference results, statsmodels/stats/tests/results/results_proportion.py).
  { yes: 18, n: 20, low: 0.6989663547715128, high: 0.972133518786232, source: "R binom.confint(18, 20), wilson" },
  { yes: 4, n: 20, low: 0.0806576625797981, high: 0.4160174322518935, source: "R binom.confint(4, 20), wilson" },
  { yes: 4, n: 200, low: 0.00780442641634947, high: 0.05028708690582643, source: "R binom.confint(4, 200), wilson" },
  { yes: 190, n: 200, low: 0.910421851861224, high: 0.972617354399236, source: "R binom.confint(190, 200), wilson" },
  { yes: 1, n: 30, low: 0.00590859, high: 0.16670391, source: "R binom.confint(1, 30), wilson" },
  { yes: 29, n: 30, low: 0.8332961, high: 0.9940914, source: "R binom.confint(29, 30), wilson" },
  { yes: 0, n: 30, low: 0, high: 0.11351339, source: "R binom.confint(0, 30), wilson" },
  { yes: 30, n: 30, low: 0.8864866, high: 1, source: "R binom.confint(30, 30), wilson" },
];

describe("wilsonInterval and resultStats", () => {
  it.each(PUBLISHED)("$yes of $n: [$low, $high] ($source)", ({ yes, n, low, high }) => {
    const interval = wilsonInterval(yes, n);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
    const stats = resultStats(yes, n - yes);
    expect(stats.n).toBe(n);
    expect(stats.yesShare).toBeCloseTo(yes / n, 12);
    expect(stats.low).toBeCloseTo(low, 4);
    expect(stats.high).toBeCloseTo(high, 4);
  });

  it("is the mirror image for No: the no share's interval is 1 minus the yes share's", () => {
    for (const { yes, n } of PUBLISHED) {
      const y = wilsonInterval(yes, n);
      const no = wilsonInterval(n - yes, n);
      expect(no.low).toBeCloseTo(1 - y.high, 12);
      expect(no.high).toBeCloseTo(1 - y.low, 12);
    }
  });

  it("stays within [0, 1] and around the share, exactly 0 and 1 at the ends", () => {
    for (let n = 1; n <= 60; n++) {
      for (let yes = 0; yes <= n; yes++) {
        const { low, high } = wilsonInterval(yes, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(yes / n);
        expect(high).toBeGreaterThanOrEqual(yes / n);
      }
      expect(wilsonInterval(0, n).low).toBe(0);
      expect(wilsonInterval(n, n).high).toBe(1);
    }
  });

  it("with no votes: no share, the whole [0, 1] as interval, too few votes to tell", () => {
    expect(resultStats(0, 0)).toEqual({ n: 0, yesShare: null, low: 0, high: 1, verdict: "Too few votes to tell" });
    // [0, 1] is where the interval goes as n shrinks: one vote already spans most of it.
    const one = wilsonInterval(1, 1);
    expect(one.low).toBeLessThan(0.21);
    expect(one.high).toBe(1);
  });

  it.each([
    [-1, 0],
    [0, -1],
    [1.5, 2],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 0],
  ])("refuses the counts %s and %s", (yes, no) => {
    expect(() => resultStats(yes, no)).toThrow(RangeError);
  });
});

describe("the verdict", () => {
  it("needs 10 votes: 9 of 9 is too few, 10 of 10 leads", () => {
    expect(MIN_VOTES_FOR_VERDICT).toBe(10);
    expect(resultStats(9, 0).verdict).toBe("Too few votes to tell");
    expect(resultStats(0, 9).verdict).toBe("Too few votes to tell");
    expect(resultStats(10, 0).verdict).toBe("Yes leads");
    expect(resultStats(0, 10).verdict).toBe("No leads");
    // 9 of 10: [0.5958, 0.9821] lies above one half; 8 of 10: [0.4902, 0.9433] does not.
    expect(resultStats(9, 1).verdict).toBe("Yes leads");
    expect(resultStats(8, 2).verdict).toBe("Too close to call");
  });

  it("turns where the interval leaves 50 %: 60 of 100 leads ([0.5020, 0.6906]), 59 of 100 does not ([0.4920, 0.6813])", () => {
    expect(resultStats(60, 40)).toMatchObject({ verdict: "Yes leads" });
    expect(resultStats(60, 40).low).toBeCloseTo(0.502, 4);
    expect(resultStats(59, 41)).toMatchObject({ verdict: "Too close to call" });
    expect(resultStats(59, 41).low).toBeCloseTo(0.492, 4);
    expect(resultStats(40, 60)).toMatchObject({ verdict: "No leads" });
    expect(resultStats(40, 60).high).toBeCloseTo(0.498, 4);
    expect(resultStats(41, 59)).toMatchObject({ verdict: "Too close to call" });
    expect(resultStats(50, 50).verdict).toBe("Too close to call");
  });

  it("counts an interval that touches 50 % as containing it", () => {
    expect(verdictOf(100, 0.5, 0.7)).toBe("Too close to call");
    expect(verdictOf(100, 0.3, 0.5)).toBe("Too close to call");
    expect(verdictOf(100, 0.5000001, 0.7)).toBe("Yes leads");
    expect(verdictOf(100, 0.3, 0.4999999)).toBe("No leads");
    expect(verdictOf(9, 0.9, 1)).toBe("Too few votes to tell");
  });
});
