// The texts of a survey page's signed-in part (the vote form, the report dialog, the live results in
// words, the verification notice), fetched with its code rather than sent in every page's payload: a
// signed-out visitor, most of the page's readers, never downloads them. Each language's areas are
// chunks of their own, compiled at build time like every message (next.config.ts), fetched once.
import type { Locale } from "@/lib/i18n/types";
import type { Messages } from "@/lib/i18n/messages";

export type VotingMessages = Pick<Messages, "survey" | "auth">;

const LOADERS: Record<Locale, () => Promise<[{ default: unknown }, { default: unknown }]>> = {
  en: () => Promise.all([import("@/messages/survey/en.json"), import("@/messages/auth/en.json")]),
  es: () => Promise.all([import("@/messages/survey/es.json"), import("@/messages/auth/es.json")]),
  de: () => Promise.all([import("@/messages/survey/de.json"), import("@/messages/auth/de.json")]),
};

const loading = new Map<Locale, Promise<VotingMessages>>();

/** One language's texts, asked for once (the same promise after). */
export function votingMessages(locale: Locale): Promise<VotingMessages> {
  let messages = loading.get(locale);
  if (!messages) {
    messages = LOADERS[locale]().then(([survey, auth]) => ({ survey: survey.default, auth: auth.default }) as VotingMessages);
    loading.set(locale, messages);
  }
  return messages;
}
