// A result in words, the same everywhere it is shown (survey page, embed, dashboards, the Open Graph
// image, the result mail): first the plain reading ("Most voters said No: 90% of 41 votes."), then the
// margin ("With this many votes, the true share saying No could be anywhere from 77% to 96%."), then
// the verdict with its reason. Formatting only: the figures come from `resultStats` on the server (a
// type-only import, so no statistics code reaches the browser). Every percentage the site shows is
// written by `percent`: "63%", no space.
import type { ResultStats, Verdict } from "@/lib/surveys/stats";
import { formatDate } from "@/lib/dates";

/** Below this many votes no side is said to lead (`MIN_VOTES_FOR_VERDICT` of stats.ts, which a test keeps equal). */
export const VOTES_FOR_A_VERDICT = 10;

/** A share (0 to 1) as a whole percentage, the one way a percentage is written: 0.6234 → "62%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** `part` of `whole` as a percentage, or "—" when the whole is nothing. */
export const percentOf = (part: number, whole: number) => (whole === 0 ? "—" : percent(part / whole));

/** A count as it is written: 1234 → "1,234". */
export const countText = (n: number) => n.toLocaleString("en-US");

/** "1 vote", "84 votes", "1,234 votes". */
export const votesText = (n: number) => (n === 1 ? "1 vote" : `${countText(n)} votes`);

/** "51–72%": an interval of shares in whole percentages. */
export const rangeText = (low: number, high: number) => `${Math.round(low * 100)}–${percent(high)}`;

/** What stands instead of a result before the first vote. */
export const NO_VOTES_TEXT = "No votes yet.";

/** What an open survey's embed says instead of the yes/no split, which its page shows only to voters. */
export const OPEN_RESULTS_TEXT = "The results show to those who voted, and to everyone once voting closes.";

/**
 * A result read out in three sentences, in parts for a display that styles them apart. The first
 * sentence is `lead` followed by `total` and a full stop ("Most voters said No: 90% of" "41 votes").
 */
export type ResultReading = {
  /** The plain reading up to its total: "Most voters said No: 90% of". */
  lead: string;
  /** The total, said once, at the end of the plain reading: "41 votes". */
  total: string;
  /** The margin of the answer the lead names (Yes on an even split), with the interval's figures. */
  margin: string;
  verdict: Verdict;
  /** Why the verdict, after a colon: "even the low end of that range is above 50%." */
  reason: string;
};

const label = (side: "yes" | "no") => (side === "yes" ? "Yes" : "No");

/** The plain reading, the margin and the verdict with its reason; null with no votes (`NO_VOTES_TEXT`). */
export function resultReading(stats: ResultStats): ResultReading | null {
  if (stats.yesShare === null || stats.n === 0) return null;
  const { n } = stats;
  const yes = Math.round(stats.yesShare * n);
  const no = n - yes;
  // The answer the reading is about: the majority, Yes on an even split. Its interval is the yes
  // interval or its mirror.
  const side = yes >= no ? "yes" : "no";
  const count = side === "yes" ? yes : no;
  const share = count / n;
  const low = side === "yes" ? stats.low : 1 - stats.high;
  const high = side === "yes" ? stats.high : 1 - stats.low;
  const answer = label(side);

  let lead: string;
  if (n === 1) lead = `The only voter said ${answer}: ${percent(share)} of`;
  else if (count === n) lead = `Every voter said ${answer}: ${percent(share)} of`;
  else if (yes === no) lead = `Voters split evenly: ${percent(0.5)} Yes and ${percent(0.5)} No of`;
  // A majority that rounds to 50% or to 100% is said in counts: "most ... 50%" would read as a tie.
  else if (percent(share) === percent(0.5)) lead = `Slightly more voters said ${answer}: ${countText(count)} of`;
  else if (percent(share) === percent(1)) lead = `Nearly every voter said ${answer}: ${countText(count)} of`;
  else lead = `Most voters said ${answer}: ${percent(share)} of`;

  const few = n < VOTES_FOR_A_VERDICT;
  const margin = `With ${few ? "so few" : "this many"} votes, the true share saying ${answer} could be anywhere from ${percent(low)} to ${percent(high)}.`;

  let reason: string;
  switch (stats.verdict) {
    case "Too few votes to tell":
      reason = `it takes at least ${VOTES_FOR_A_VERDICT} votes to call a result.`;
      break;
    case "Too close to call":
      reason = `that range includes ${percent(0.5)}, so either answer could be the majority.`;
      break;
    default:
      // The leading answer is the one the reading names: its whole range is past half.
      reason =
        percent(low) === percent(0.5)
          ? `the low end of that range is above ${percent(0.5)}, if only just.`
          : `even the low end of that range is above ${percent(0.5)}.`;
  }
  return { lead, total: votesText(n), margin, verdict: stats.verdict, reason };
}

/** The three sentences of `resultReading` as they are read. */
export const readingSentences = (reading: ResultReading): [string, string, string] => [
  `${reading.lead} ${reading.total}.`,
  reading.margin,
  `${reading.verdict}: ${reading.reason}`,
];

/** The whole reading in one string, or "No votes yet.". */
export function resultReadingText(stats: ResultStats): string {
  const reading = resultReading(stats);
  return reading ? readingSentences(reading).join(" ") : NO_VOTES_TEXT;
}

/** What the range and the verdict are, for whoever decides on the result, in one muted line. */
export const INTERVAL_EXPLAINED = `The range is the 95% confidence interval (the margin of error) of the share among everyone like these voters. An answer leads only when its whole range is above ${percent(0.5)}, and only from ${VOTES_FOR_A_VERDICT} votes.`;

/**
 * What stands instead of the counts while a survey keeps them until its deadline (a calendar date).
 * Voting runs through the whole deadline day, so the results come the day after it: "closes on Nov 26"
 * read as if they came on the 26th.
 */
export const hiddenResultsText = (deadline: string) => `Results are shown after voting closes at the end of ${formatDate(deadline)}`;
