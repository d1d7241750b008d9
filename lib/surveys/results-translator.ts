// The translator of a result in words (lib/surveys/results-text.ts) in a given language, where no page
// hands one: mail, the API, pictures, the embed's measurements. Synchronous: the survey area's texts of
// the three languages are small and loaded with this module, which only server code imports.
import { createTranslator } from "next-intl";
import type { Locale } from "@/lib/i18n/types";
import type { ResultsTranslator } from "@/lib/surveys/results-text";
import de from "@/messages/survey/de.json";
import en from "@/messages/survey/en.json";
import es from "@/messages/survey/es.json";

const SURVEY_MESSAGES = { en, es, de } as const;

/** The survey area's texts in `locale` (`survey.*` keys without the area's name). */
export function surveyTranslator(locale: Locale) {
  return createTranslator({ locale, messages: { survey: SURVEY_MESSAGES[locale] as typeof en }, namespace: "survey" });
}

/** `survey.results` in `locale`: what `resultReading`, `votesText` and the rest are given. */
export function resultsTranslator(locale: Locale): ResultsTranslator {
  return createTranslator({ locale, messages: { survey: SURVEY_MESSAGES[locale] as typeof en }, namespace: "survey.results" });
}
