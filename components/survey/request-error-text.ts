// The API's refusals of a vote or a report, in the page's language. The API answers in English prose:
// each refusal a person can meet here has its message in `survey.errors` (the same words in English);
// any other is the API's own words in English, and said by its kind (its status) in other languages.
import type { useTranslations } from "next-intl";
import { RequestError } from "@/lib/api/client";

type ErrorsTranslator = ReturnType<typeof useTranslations<"survey.errors">>;
type ErrorKey = Parameters<ErrorsTranslator>[0];

/** The API's English message of each known refusal, and its message here (errors.test.ts keeps them equal). */
export const KNOWN_REFUSALS: Record<string, ErrorKey> = {
  "Could not reach the server. Check your connection and try again.": "network",
  "You have already voted on this survey": "alreadyVoted",
  "A vote from this email address was already counted on this survey.": "mailboxVoted",
  "This survey is closed": "closed",
  "Your vote could not be counted, please try again": "notCounted",
  "Only user accounts can vote on surveys": "onlyVoters",
  "Only user accounts can report surveys": "onlyReporters",
  "Only pro users can comment. Upgrade on the pricing page to add comments": "onlyProComments",
  "You have already reported this survey": "alreadyReported",
  "Verify your email address to vote.": "verifyToVote",
  "Survey not found": "notFound",
  "Please sign in first": "signIn",
  "Your role does not allow this": "roleRefused",
};

const BY_STATUS: Record<number, ErrorKey> = { 0: "network", 401: "signIn", 404: "notFound", 429: "tooMany", 503: "unavailable" };

/** What went wrong, for the page's error line and toasts (after "Error: "). */
export function requestErrorText(error: unknown, t: ErrorsTranslator, locale: string): string {
  if (!(error instanceof Error)) return t("generic");
  const known = KNOWN_REFUSALS[error.message];
  if (known) return t(known);
  if (locale === "en") return error.message;
  return t((error instanceof RequestError && BY_STATUS[error.status]) || "generic");
}
