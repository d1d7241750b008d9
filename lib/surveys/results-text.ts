// A result in words, the same everywhere it is shown (survey page, embed, dashboards, the Open Graph
// image, the result mail): first the plain reading ("Most voters said No: 90% of 41 votes."), then the
// margin ("With this many votes, the true share saying No could be anywhere from 77% to 96%."), then
// the verdict with its reason. Formatting only: the figures come from `resultStats` on the server (a
// type-only import, so no statistics code reaches the browser).
//
// The sentences are messages of `survey.results` (messages/survey/), read through the translator the
// caller has: `getTranslations("survey.results")` on the server, `useTranslations("survey.results")` in
// the browser, `resultsTranslator(locale)` (lib/surveys/results-translator.ts) in mail and elsewhere,
// so that page, live figures and mail say the same. Every percentage is a whole one, written as its
// language writes it: "63%" in English, "63 %" in Spanish and German (Intl's percent).
import type { createTranslator } from "next-intl";
import type { ResultStats, Verdict } from "@/lib/surveys/stats";
import { formatDate, type DateLocale } from "@/lib/dates";
import type surveyMessages from "@/messages/survey/en.json";

/** The translator of `survey.results`, wherever it comes from. */
export type ResultsTranslator = ReturnType<typeof createTranslator<{ survey: typeof surveyMessages }, "survey.results">>;

/** Below this many votes no side is said to lead (`MIN_VOTES_FOR_VERDICT` of stats.ts, which a test keeps equal). */
export const VOTES_FOR_A_VERDICT = 10;

const TAGS: Record<DateLocale, string> = { en: "en-US", es: "es-ES", de: "de-DE" };
const percentFormats = new Map<DateLocale, Intl.NumberFormat>();
const countFormats = new Map<DateLocale, Intl.NumberFormat>();
function formatOf(formats: Map<DateLocale, Intl.NumberFormat>, locale: DateLocale, options: Intl.NumberFormatOptions) {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(TAGS[locale], options);
    formats.set(locale, format);
  }
  return format;
}

/**
 * A share (0 to 1) rounded to a whole percentage, as a share again (0.6234 → 0.62): what a message's
 * `{share, number, percent}` is given, so that it rounds as `percent` does.
 */
export const wholePercent = (share: number) => Math.round(share * 100) / 100;

/** A share (0 to 1) as a whole percentage, the one way a percentage is written: 0.6234 → "62%" (es, de "62 %"). */
export const percent = (share: number, locale: DateLocale = "en") =>
  formatOf(percentFormats, locale, { style: "percent", maximumFractionDigits: 0 }).format(wholePercent(share));

/** `part` of `whole` as a percentage, or "—" when the whole is nothing. */
export const percentOf = (part: number, whole: number, locale: DateLocale = "en") => (whole === 0 ? "—" : percent(part / whole, locale));

/** A count as it is written: 1234 → "1,234" (es "1234", de "1.234"). */
export const countText = (n: number, locale: DateLocale = "en") => formatOf(countFormats, locale, {}).format(n);

/** "1 vote", "84 votes", "1,234 votes". */
export const votesText = (n: number, t: ResultsTranslator) => t("votes", { count: n });

/** "51–72%": an interval of shares in whole percentages. */
export const rangeText = (low: number, high: number, locale: DateLocale = "en") => `${countText(Math.round(low * 100), locale)}–${percent(high, locale)}`;

/** What stands instead of a result before the first vote: "No votes yet." */
export const noVotesText = (t: ResultsTranslator) => t("noVotes");

/** What an open survey's embed says instead of the yes/no split, which its page shows only to voters. */
export const openResultsText = (t: ResultsTranslator) => t("openResults");

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
  /** The verdict in words ("No leads"): `verdictText` of the stats' verdict. */
  verdict: string;
  /** Why the verdict, after a colon: "even the low end of that range is above 50%." */
  reason: string;
};

const VERDICT_KEYS = {
  "Too few votes to tell": "tooFew",
  "Too close to call": "tooClose",
  "Yes leads": "yesLeads",
  "No leads": "noLeads",
} as const satisfies Record<Verdict, string>;

/** A verdict in words: "Too close to call" (es "Demasiado reñido para decidir"). */
export const verdictText = (verdict: Verdict, t: ResultsTranslator) => t(`verdict.${VERDICT_KEYS[verdict]}`);

/** The plain reading, the margin and the verdict with its reason; null with no votes (`noVotesText`). */
export function resultReading(stats: ResultStats, t: ResultsTranslator): ResultReading | null {
  if (stats.yesShare === null || stats.n === 0) return null;
  const { n } = stats;
  const yes = Math.round(stats.yesShare * n);
  const no = n - yes;
  // The answer the reading is about: the majority, Yes on an even split. Its interval is the yes
  // interval or its mirror.
  const answer = yes >= no ? "yes" : "no";
  const count = answer === "yes" ? yes : no;
  const share = wholePercent(count / n);
  const low = wholePercent(answer === "yes" ? stats.low : 1 - stats.high);
  const high = wholePercent(answer === "yes" ? stats.high : 1 - stats.low);
  const half = 0.5;

  let lead: string;
  if (n === 1) lead = t("lead.only", { answer, share });
  else if (count === n) lead = t("lead.every", { answer, share });
  else if (yes === no) lead = t("lead.even", { half });
  // A majority that rounds to 50% or to 100% is said in counts: "most ... 50%" would read as a tie.
  else if (share === half) lead = t("lead.slightlyMore", { answer, count });
  else if (share === 1) lead = t("lead.nearlyEvery", { answer, count });
  else lead = t("lead.most", { answer, share });

  const margin = t("margin", { few: n < VOTES_FOR_A_VERDICT ? "yes" : "no", answer, low, high });

  let reason: string;
  switch (stats.verdict) {
    case "Too few votes to tell":
      reason = t("reason.tooFew", { min: VOTES_FOR_A_VERDICT });
      break;
    case "Too close to call":
      reason = t("reason.tooClose", { half });
      break;
    default:
      // The leading answer is the one the reading names: its whole range is past half.
      reason = low === half ? t("reason.onlyJust", { half }) : t("reason.clear", { half });
  }
  return { lead, total: votesText(n, t), margin, verdict: verdictText(stats.verdict, t), reason };
}

/** The three sentences of `resultReading` as they are read. */
export const readingSentences = (reading: ResultReading): [string, string, string] => [
  `${reading.lead} ${reading.total}.`,
  reading.margin,
  `${reading.verdict}: ${reading.reason}`,
];

/** The whole reading in one string, or "No votes yet.". */
export function resultReadingText(stats: ResultStats, t: ResultsTranslator): string {
  const reading = resultReading(stats, t);
  return reading ? readingSentences(reading).join(" ") : noVotesText(t);
}

/** What the range and the verdict are, for whoever decides on the result, in one muted line. */
export const intervalExplained = (t: ResultsTranslator) => t("intervalExplained", { half: 0.5, min: VOTES_FOR_A_VERDICT });

/**
 * What stands instead of the counts while a survey keeps them until its deadline (a calendar date).
 * Voting runs through the whole deadline day, so the results come the day after it: "closes on Nov 26"
 * read as if they came on the 26th.
 */
export const hiddenResultsText = (deadline: string, t: ResultsTranslator, locale: DateLocale) =>
  t("hiddenUntil", { date: formatDate(deadline, locale) });
