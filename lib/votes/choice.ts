import type { VoteValue } from "@/models/enums";
import { localePath } from "@/lib/i18n/locales.mjs";
import { surveyHref } from "@/lib/survey-href";

// An answer chosen before the vote can be cast: a signed-out visitor presses Yes on a survey page or an
// embed, signs in or registers (perhaps verifying the address on another device), and lands back on the
// survey with that answer selected, one press of Submit away. The choice travels as the `vote` query
// parameter of the survey's address; it only preselects: opening such a link (a GET) never casts a vote.

export const CHOICE_PARAM = "vote";

// Spelled out rather than read from models/enums.ts, which would bring the database schema into the
// browser's bundle; `satisfies` keeps the two lists the same.
const ANSWERS = ["yes", "no"] as const satisfies readonly VoteValue[];

// In any language: English unprefixed, the others under their prefix (lib/i18n/locales.mjs).
const SURVEY_PATH = /^(?:\/(?:es|de))?\/survey\/details\/[0-9a-f-]{36}$/i;

/** "yes" or "no" from a query parameter; anything else is no choice. */
export function parseChoice(value: string | null | undefined): VoteValue | null {
  return ANSWERS.find((v) => v === value) ?? null;
}

/** A survey's address with the answer to preselect. */
export function surveyChoiceHref(surveyId: string, choice: VoteValue): string {
  return `${surveyHref(surveyId)}?${CHOICE_PARAM}=${choice}`;
}

/**
 * `path` (a same-site path already made safe) with `choice` carried into it, when `path` is a survey
 * page and the choice is an answer; otherwise `path` as it is.
 */
export function withChoice(path: string, choice: string | null | undefined): string {
  const answer = parseChoice(choice);
  const url = new URL(path, "http://opinex.invalid");
  if (!answer || !SURVEY_PATH.test(url.pathname)) return path;
  url.searchParams.set(CHOICE_PARAM, answer);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The answer a same-site path carries to its survey, if it is a survey page with one. */
export function choiceIn(path: string): VoteValue | null {
  const url = new URL(path, "http://opinex.invalid");
  return SURVEY_PATH.test(url.pathname) ? parseChoice(url.searchParams.get(CHOICE_PARAM)) : null;
}

/**
 * The sign-in (or registration) page that comes back to a survey with `choice` selected: the links of a
 * survey page's answers for someone signed out (`/login?callbackUrl=/survey/details/…&vote=yes`). The
 * survey comes back in `locale` (`/es/survey/details/…`); the sign-in page's own prefix is the link's.
 */
export function signInForChoiceHref(page: "/login" | "/register", surveyId: string, choice: VoteValue | null, locale = "en"): string {
  const params = new URLSearchParams({ callbackUrl: localePath(locale, surveyHref(surveyId)) });
  if (choice) params.set(CHOICE_PARAM, choice);
  return `${page}?${params.toString()}`;
}
