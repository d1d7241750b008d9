// "Votes over time" before the first vote says so, and draws no empty chart; after, its summary counts
// in the right number ("1 vote over 1 day").
import { describe, expect, it } from "vitest";
import { propsNamed, textOf } from "@/tests/element-text";
import { VotesOverTime } from "./votes-over-time";

const testIds = (tree: unknown) => propsNamed(tree, "data-testid").map((p) => p["data-testid"]);

describe("VotesOverTime", () => {
  it("says No votes yet, with no chart and no table, before the first vote", () => {
    const tree = VotesOverTime({ days: [{ day: "2026-11-20", yes: 0, no: 0 }], totals: { yes: 0, no: 0 } });
    expect(textOf(tree)).toContain("No votes yet.");
    expect(testIds(tree)).not.toContain("votes-over-time-chart");
    expect(propsNamed(tree, "scope")).toHaveLength(0);
  });

  it("draws the chart once there are votes, and counts them in the right number", () => {
    const one = VotesOverTime({ days: [{ day: "2026-11-20", yes: 1, no: 0 }], totals: { yes: 1, no: 0 } });
    expect(testIds(one)).toContain("votes-over-time-chart");
    expect(textOf(one)).toMatch(/1 vote over 1 day; the busiest day was .+ with 1 vote\./);
    const many = VotesOverTime({
      days: [
        { day: "2026-11-20", yes: 2, no: 1 },
        { day: "2026-11-21", yes: 0, no: 1 },
      ],
      totals: { yes: 2, no: 2 },
    });
    expect(textOf(many)).toMatch(/4 votes over 2 days; the busiest day was .+ with 3 votes\./);
  });
});
