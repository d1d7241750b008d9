// The integrity panel's sentences (components/integrity/integrity-panel.tsx), each count with its noun
// in the right number: "1 vote an hour", "2 votes an hour", "1.5 votes an hour". Pure: no database.
import { countText } from "@/lib/surveys/results-text";

/** A count with its noun, singular for exactly one: "1 vote", "1,234 votes", "1.5 votes". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${Number.isInteger(n) ? countText(n) : n.toFixed(1)} ${n === 1 ? one : many}`;
}

/** A rate or a ratio as it is written: whole numbers as they are, others to one decimal ("2.5"). */
export const rateText = (n: number) => (Number.isInteger(n) ? countText(n) : n.toFixed(1));

/** The usual rate of votes and what it is the median of (no sentence without a counted vote). */
export function usualRateText(medianPerHour: number, activeHours: number): string {
  if (activeHours === 0) return "Usual rate: none yet, as no vote is counted.";
  const of = activeHours === 1 ? "the only hour that had votes" : `the median of the ${counted(activeHours, "hour")} that had votes`;
  return `Usual rate: ${counted(medianPerHour, "vote")} an hour (${of}).`;
}

/** What makes an hour a burst. */
export function burstRuleText(threshold: number, factor: number, minVotes: number): string {
  return `A burst is an hour with at least ${counted(threshold, "vote")}: ${factor} times the usual rate, and never fewer than ${minVotes}.`;
}
