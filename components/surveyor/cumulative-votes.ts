import type { VotesOnDay } from "@/lib/surveys/queries";

/** A day of the chart: that day's yes and no votes, and the running totals at its end. */
export type VotesSoFar = VotesOnDay & { yesSoFar: number; noSoFar: number };

/**
 * The running totals of yes and no, day by day. A long survey's days start after its first votes
 * (votesPerDay keeps the most recent days), so the votes before the first day shown are the survey's
 * totals less the days' sum: the last point is then the survey's totals. Should the days hold more
 * votes than the totals, nothing is taken away (a total never falls).
 */
export function cumulativeVotes(days: VotesOnDay[], totals: { yes: number; no: number }): VotesSoFar[] {
  const shown = days.reduce((sum, d) => ({ yes: sum.yes + d.yes, no: sum.no + d.no }), { yes: 0, no: 0 });
  let yesSoFar = Math.max(0, totals.yes - shown.yes);
  let noSoFar = Math.max(0, totals.no - shown.no);
  return days.map((d) => {
    yesSoFar += Math.max(0, d.yes);
    noSoFar += Math.max(0, d.no);
    return { ...d, yesSoFar, noSoFar };
  });
}

/**
 * The days to label on the time axis: the first and the last, and evenly spaced ones between, at most
 * `max` (a phone has room for three short dates, a desktop for more).
 */
export function axisTicks(days: string[], max: number): string[] {
  const count = Math.min(days.length, Math.max(2, Math.floor(max)));
  if (count <= 1 || days.length <= 1) return days.slice(0, 1);
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (days.length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b).map((i) => days[i]);
}
