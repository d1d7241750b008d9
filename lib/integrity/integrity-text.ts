// The integrity panel's sentences (components/integrity/integrity-panel.tsx), each count with its noun
// in the right number and language: "1 vote an hour", "2 votes an hour", "1.5 votes an hour" (messages
// `survey.integrity`, read through the translator the panel has). Pure: no database.
import type { createTranslator } from "next-intl";
import type surveyMessages from "@/messages/survey/en.json";

/** The translator of `survey.integrity`. */
export type IntegrityTranslator = ReturnType<typeof createTranslator<{ survey: typeof surveyMessages }, "survey.integrity">>;

/** A rate or a ratio as it is given to a message: whole numbers as they are, others to one decimal (2.5). */
export const rateOf = (n: number) => (Number.isInteger(n) ? n : Math.round(n * 10) / 10);

/** The usual rate of votes and what it is the median of (no sentence without a counted vote). */
export function usualRateText(medianPerHour: number, activeHours: number, t: IntegrityTranslator): string {
  if (activeHours === 0) return t("rateNone");
  const rate = rateOf(medianPerHour);
  return activeHours === 1 ? t("rateOneHour", { rate }) : t("rateHours", { rate, hours: activeHours });
}

/** What makes an hour a burst. */
export function burstRuleText(threshold: number, factor: number, minVotes: number, t: IntegrityTranslator): string {
  return t("burstRule", { threshold: rateOf(threshold), factor, min: minVotes });
}
