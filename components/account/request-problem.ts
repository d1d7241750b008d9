// Refusals in the page's language, for the account page and the admin console. In English a form shows
// the API's own message and the schemas' own words (the product's, quoted by its docs and tests); in
// another language those English sentences would stand out, so the refusal is said again from what it
// is: its status, the field it names, the rule a typed value broke. Pure: the texts come in as words.
import { RequestError } from "@/lib/api/client";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";

/** The kinds of refusal said in general words (an area's `problems` texts, one key each). */
export type StatusKey = "network" | "signedOut" | "forbidden" | "notFound" | "conflict" | "tooLarge" | "tooMany" | "unavailable" | "invalid" | "server";
export type StatusWords = (key: StatusKey) => string;

const STATUS_KEYS: Record<number, StatusKey> = { 0: "network", 401: "signedOut", 403: "forbidden", 404: "notFound", 409: "conflict", 413: "tooLarge", 429: "tooMany", 503: "unavailable" };

function statusWords(status: number, words: StatusWords): string {
  return words(STATUS_KEYS[status] ?? (status >= 500 ? "server" : "invalid"));
}

/** What a caller knows of a refusal: texts for the fields it has, and for refusals it expects (`known`). */
export type KnownProblems = {
  /** A field's text (say "name"), for a refusal naming that field: in English, the API's message for it. */
  fields?: Record<string, string>;
  /** A text for this refusal in another language (by its status, say), or undefined for the general one. */
  known?: (error: RequestError) => string | undefined;
};

/**
 * What to say when a call failed: the API's own message in English (its message for a field the caller
 * shows, first); in another language what the caller knows of this refusal, else its status in general
 * words. Anything that is no refusal of the API (a bug, a browser's error) is `fallback`.
 */
export function requestProblem(error: unknown, locale: string, words: StatusWords, fallback: string, { fields = {}, known }: KnownProblems = {}): string {
  if (!(error instanceof RequestError)) return fallback;
  const issue = error.issues.find((i) => Object.hasOwn(fields, i.path));
  if (locale === DEFAULT_LOCALE) return issue?.message ?? error.message;
  if (issue) return fields[issue.path];
  return known?.(error) ?? statusWords(error.status, words);
}

/** The field a refusal names first, among `fields`, or null: which field shows it. */
export function refusedField<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof RequestError)) return null;
  return (error.issues.find((i) => (fields as readonly string[]).includes(i.path))?.path as F | undefined) ?? null;
}

/** The rules of a text field, in words: left empty, too long, holding a control character. */
export type TextRuleWords = { required: string; tooLong: string; forbidden: string };

/**
 * A typed text that broke its schema's rule (`issue`, the first one): the schema's own message in
 * English, else the rule in words (zod's issue code says which: a free text's one refinement is the
 * control characters', lib/validation/text.ts).
 */
export function textRuleProblem(issue: { code: string; message: string } | undefined, locale: string, words: TextRuleWords): string | undefined {
  if (!issue) return undefined;
  if (locale === DEFAULT_LOCALE) return issue.message;
  if (issue.code === "too_big") return words.tooLong;
  if (issue.code === "custom") return words.forbidden;
  return words.required;
}
