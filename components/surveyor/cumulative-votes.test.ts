import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { axisTicks, cumulativeVotes } from "./cumulative-votes";

const day = (n: number) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const daysArb = fc.array(fc.record({ yes: fc.nat(50), no: fc.nat(50) }), { maxLength: 120 }).map((counts) => counts.map((c, i) => ({ day: day(i), ...c })));

describe("cumulativeVotes", () => {
  it("turns 0, 1, 0 votes a day into totals that rise once and then hold", () => {
    const days = [
      { day: "2027-01-01", yes: 0, no: 0 },
      { day: "2027-01-02", yes: 1, no: 2 },
      { day: "2027-01-03", yes: 0, no: 0 },
    ];
    expect(cumulativeVotes(days, { yes: 1, no: 2 }).map((d) => [d.yesSoFar, d.noSoFar])).toEqual([
      [0, 0],
      [1, 2],
      [1, 2],
    ]);
  });

  it("keeps each day's own counts beside the totals (the tooltip and the table show both)", () => {
    const [first] = cumulativeVotes([{ day: "2027-01-01", yes: 3, no: 1 }], { yes: 3, no: 1 });
    expect(first).toEqual({ day: "2027-01-01", yes: 3, no: 1, yesSoFar: 3, noSoFar: 1 });
  });

  it("starts from the votes before the first day shown, so a long survey still ends at its totals", () => {
    const series = cumulativeVotes([{ day: "2027-01-01", yes: 1, no: 0 }], { yes: 41, no: 7 });
    expect(series).toEqual([{ day: "2027-01-01", yes: 1, no: 0, yesSoFar: 41, noSoFar: 7 }]);
  });

  it("never falls, and its last point is the survey's totals", () => {
    fc.assert(
      fc.property(daysArb, fc.nat(500), fc.nat(500), (days, earlierYes, earlierNo) => {
        const totals = {
          yes: earlierYes + days.reduce((n, d) => n + d.yes, 0),
          no: earlierNo + days.reduce((n, d) => n + d.no, 0),
        };
        const series = cumulativeVotes(days, totals);
        expect(series).toHaveLength(days.length);
        for (let i = 1; i < series.length; i++) {
          expect(series[i].yesSoFar).toBeGreaterThanOrEqual(series[i - 1].yesSoFar);
          expect(series[i].noSoFar).toBeGreaterThanOrEqual(series[i - 1].noSoFar);
        }
        if (series.length) expect(series.at(-1)).toMatchObject({ yesSoFar: totals.yes, noSoFar: totals.no });
      }),
    );
  });

  it("never falls nor goes below zero even when the days hold more votes than the totals", () => {
    fc.assert(
      fc.property(daysArb, fc.nat(20), fc.nat(20), (days, yes, no) => {
        const series = cumulativeVotes(days, { yes, no });
        let previous = { yesSoFar: 0, noSoFar: 0 };
        for (const point of series) {
          expect(point.yesSoFar).toBeGreaterThanOrEqual(previous.yesSoFar);
          expect(point.noSoFar).toBeGreaterThanOrEqual(previous.noSoFar);
          previous = point;
        }
      }),
    );
  });
});

describe("axisTicks", () => {
  const days = Array.from({ length: 60 }, (_, i) => day(i));

  it("labels the first and the last day and spaces the others evenly, at most `max`", () => {
    expect(axisTicks(days, 3)).toEqual([day(0), day(30), day(59)]);
    expect(axisTicks(days, 5)).toEqual([day(0), day(15), day(30), day(44), day(59)]);
  });

  it("labels every day when there are fewer days than room, and one day alone", () => {
    expect(axisTicks(days.slice(0, 2), 4)).toEqual([day(0), day(1)]);
    expect(axisTicks(days.slice(0, 1), 4)).toEqual([day(0)]);
    expect(axisTicks([], 4)).toEqual([]);
  });

  it("labels at least the two ends", () => {
    expect(axisTicks(days, 0)).toEqual([day(0), day(59)]);
  });
});
