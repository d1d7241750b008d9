// What the survey form and the surveyor's pages say when something is refused, in the page's language.
// The schema (lib/surveys/schema.ts, shared with the API) and the routes write their messages in
// English; each one the surveyor can meet is a message of `surveyor.fieldErrors` or
// `surveyor.refusals` whose English is the same sentence, so English pages read exactly what the
// server wrote. A message not known here is shown as the server wrote it on an English page, and by
// its status in another language.
import type { useTranslations } from "next-intl";
import type { RequestError } from "@/lib/api/client";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { DEADLINE_IN_PAST, SURVEY_LIMITS, type SurveyField } from "@/lib/surveys/schema";
import { REVIEW_ALREADY_REQUESTED, REVIEW_ONLY_UNPUBLISHED } from "@/lib/surveys/review-schema";
import { forbiddenCharactersMessage } from "@/lib/validation/text";
import { CATEGORIES, RESULTS_VISIBILITIES } from "@/models/enums";

export type SurveyorTranslator = ReturnType<typeof useTranslations<"surveyor">>;

type TextField = keyof typeof SURVEY_LIMITS;
// The schema's name of each text field, as its English messages start.
const TEXT_LABELS: Record<TextField, string> = { title: "Title", description: "Description", questionTitle: "Question title", questionDescription: "Question description" };

const DEADLINE_MESSAGES = {
  "Deadline is required": "required",
  "Deadline must be a date (YYYY-MM-DD)": "format",
  "Deadline must be a real date": "real",
  [DEADLINE_IN_PAST]: "past",
  "Deadline is too far away": "tooFar",
} as const;

/** A field's message from the schema (in the browser or from the server's 400), in the page's language. */
export function surveyFieldError(field: SurveyField, message: string, t: SurveyorTranslator): string {
  if (field in TEXT_LABELS) {
    const name = field as TextField;
    const label = TEXT_LABELS[name];
    if (message === `${label} is required`) return t(`fieldErrors.${name}.required`);
    if (message === `${label} can be at most ${SURVEY_LIMITS[name]} characters`) return t(`fieldErrors.${name}.tooLong`, { max: String(SURVEY_LIMITS[name]) });
    if (message === forbiddenCharactersMessage(label)) return t(`fieldErrors.${name}.controls`);
    return message;
  }
  if (field === "deadline") {
    const kind = DEADLINE_MESSAGES[message as keyof typeof DEADLINE_MESSAGES];
    return kind ? t(`fieldErrors.deadline.${kind}`) : message;
  }
  if (field === "category") {
    if (message === "Category is required") return t("fieldErrors.category.required");
    if (message === `Category must be one of ${CATEGORIES.join(", ")}`) return t("fieldErrors.category.invalid", { list: CATEGORIES.join(", ") });
    return message;
  }
  if (message === `resultsVisibility must be one of ${RESULTS_VISIBILITIES.join(", ")}`) {
    return t("fieldErrors.resultsVisibility.invalid", { list: RESULTS_VISIBILITIES.join(", ") });
  }
  return message;
}

// The routes' refusals a surveyor can meet, by their exact English.
const KNOWN_REFUSALS = {
  "No such survey": "noSuchSurvey",
  "You can only manage your own surveys": "notYourSurvey",
  "You can only create surveys for your own account": "notYourAccount",
  "You can only ask for a review of your own surveys": "notYourReview",
  [REVIEW_ONLY_UNPUBLISHED]: "onlyUnpublished",
  [REVIEW_ALREADY_REQUESTED]: "alreadyRequested",
  // lib/api/client.ts, when the request never reached the server.
  "Could not reach the server. Check your connection and try again.": "network",
} as const;

type StatusRefusal = "network" | "invalid" | "signedOut" | "forbidden" | "notFound" | "conflict" | "tooLarge" | "tooMany" | "other";
const BY_STATUS: Record<number, StatusRefusal> = { 0: "network", 400: "invalid", 401: "signedOut", 403: "forbidden", 404: "notFound", 409: "conflict", 413: "tooLarge", 429: "tooMany" };

/** A refusal the server wrote for a page (no such survey, someone else's), in the page's language. */
export function loadErrorText(message: string, t: SurveyorTranslator): string {
  const known = KNOWN_REFUSALS[message as keyof typeof KNOWN_REFUSALS];
  return known ? t(`refusals.${known}`) : message;
}

/**
 * A refused request's message (below 500), in the page's language: a known one as its own message, a
 * form's field message as that field's, any other one as the server wrote it on an English page and by
 * its status otherwise.
 */
export function refusalText(refused: RequestError, t: SurveyorTranslator, locale: string): string {
  const known = KNOWN_REFUSALS[refused.message as keyof typeof KNOWN_REFUSALS];
  if (known) return t(`refusals.${known}`);
  const issue = refused.issues.find((i) => i.message === refused.message);
  if (issue && isSurveyField(issue.path)) {
    const text = surveyFieldError(issue.path, issue.message, t);
    if (text !== issue.message || locale === DEFAULT_LOCALE) return text;
  }
  if (locale === DEFAULT_LOCALE) return refused.message;
  return t(`refusals.${BY_STATUS[refused.status] ?? "other"}`);
}

const FIELDS: readonly string[] = [...Object.keys(TEXT_LABELS), "category", "deadline", "resultsVisibility"];
const isSurveyField = (path: string): path is SurveyField => FIELDS.includes(path);
