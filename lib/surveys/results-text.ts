// A result in words, the same everywhere it is shown (survey page, dashboards, Open Graph image):
// "Yes 62% (95% interval 51–72%) · Yes leads · 84 votes". Formatting only: the figures come from
// `resultStats` on the server (a type-only import, so no statistics code reaches the browser).
import type { ResultStats } from "@/lib/surveys/stats";
import { formatDate } from "@/lib/dates";

/** A share (0 to 1) as a whole percentage: 0.6234 → "62%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "1 vote", "84 votes". */
export const votesText = (n: number) => (n === 1 ? "1 vote" : `${n} votes`);

/** "51–72%": an interval of shares in whole percentages. */
export const rangeText = (low: number, high: number) => `${Math.round(low * 100)}–${Math.round(high * 100)}%`;

/** The parts of the sentence, for a display that styles them apart; null with no votes. */
export function resultParts(stats: ResultStats): { share: string; interval: string; verdict: string; votes: string } | null {
  if (stats.yesShare === null) return null;
  return {
    share: `Yes ${percent(stats.yesShare)}`,
    interval: `95% interval ${rangeText(stats.low, stats.high)}`,
    verdict: stats.verdict,
    votes: votesText(stats.n),
  };
}

/** "Yes 62% (95% interval 51–72%) · Yes leads · 84 votes", or "No votes yet". */
export function resultSentence(stats: ResultStats): string {
  const parts = resultParts(stats);
  return parts ? `${parts.share} (${parts.interval}) · ${parts.verdict} · ${parts.votes}` : "No votes yet";
}

/** One sentence on what the interval and the verdict mean, beside the results. */
export const INTERVAL_EXPLAINED =
  "The 95% interval is where the Yes share probably lies among everyone like these voters; a side leads only when its whole interval is past 50%, and only from 10 votes.";

/** What stands instead of the counts while a survey keeps them until its deadline (a calendar date). */
export const hiddenResultsText = (deadline: string) => `Results are shown when the survey closes on ${formatDate(deadline)}`;
