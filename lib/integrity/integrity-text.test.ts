// The integrity panel's sentences say each count with its noun in the right number: a quiet survey's
// usual rate is "1 vote an hour", never "1 votes an hour"; in every language.
import { describe, expect, it } from "vitest";
import { surveyTranslator } from "@/lib/surveys/results-translator";
import { createTranslator } from "next-intl";
import en from "@/messages/survey/en.json";
import de from "@/messages/survey/de.json";
import es from "@/messages/survey/es.json";
import { burstRuleText, rateOf, usualRateText } from "./integrity-text";

const integrity = (locale: "en" | "es" | "de") =>
  createTranslator({ locale, messages: { survey: { en, es, de }[locale] as typeof en }, namespace: "survey.integrity" });
const t = integrity("en");

describe("integrity texts", () => {
  it("says the usual rate in the right number, and what it is the median of", () => {
    expect(usualRateText(1, 1, t)).toBe("Usual rate: 1 vote an hour (the only hour that had votes).");
    expect(usualRateText(1, 12, t)).toBe("Usual rate: 1 vote an hour (the median of the 12 hours that had votes).");
    expect(usualRateText(2.5, 4, t)).toBe("Usual rate: 2.5 votes an hour (the median of the 4 hours that had votes).");
    expect(usualRateText(3, 1_200, t)).toBe("Usual rate: 3 votes an hour (the median of the 1,200 hours that had votes).");
    // Only voided votes: no hour counted.
    expect(usualRateText(0, 0, t)).toBe("Usual rate: none yet, as no vote is counted.");
  });

  it("writes the burst rule and ratios", () => {
    expect(burstRuleText(10, 5, 10, t)).toBe("A burst is an hour with at least 10 votes: 5 times the usual rate, and never fewer than 10.");
    expect(burstRuleText(1, 5, 10, t)).toBe("A burst is an hour with at least 1 vote: 5 times the usual rate, and never fewer than 10.");
    expect(rateOf(4)).toBe(4);
    expect(rateOf(2 / 3)).toBe(0.7);
    expect(surveyTranslator("en")("integrity.times", { ratio: rateOf(2 / 3) })).toBe("× 0.7");
    expect(surveyTranslator("en")("integrity.votes", { count: 12_345 })).toBe("12,345 votes");
  });

  it("says them in Spanish and German, with their number formats", () => {
    expect(usualRateText(1, 1, integrity("es"))).toMatch(/^\S+.* 1 voto /);
    expect(usualRateText(2.5, 4, integrity("de"))).toContain("2,5 Stimmen");
    expect(surveyTranslator("de")("integrity.votes", { count: 12_345 })).toBe("12.345 Stimmen");
  });
});
