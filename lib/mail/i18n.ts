// Mail in the recipient's language: the texts of messages/mail/<locale>.json (README.md there), and
// links to the site's pages in that language. A mail is written when it is queued, often by a job or a
// webhook with no page around it, so the language is always the recipient's saved one (`users.locale`),
// never a request's.
import { createTranslator } from "next-intl";
import { DEFAULT_LOCALE, isLocale, localePath } from "@/lib/i18n/locales.mjs";
import { loadMessages } from "@/lib/i18n/messages";
import type { Locale } from "@/lib/i18n/types";
import { siteUrl } from "@/lib/seo";

async function makeTranslator(locale: Locale) {
  return createTranslator({ locale, messages: await loadMessages(locale), namespace: "mail" });
}

/** next-intl's translator over the `mail` texts of one language. */
export type MailTranslator = Awaited<ReturnType<typeof makeTranslator>>;

// The texts never change while the process runs: one translator per language.
const translators = new Map<Locale, Promise<MailTranslator>>();

/** The `mail` texts of a language, for writing one mail (lib/mail/templates.ts). */
export function mailTranslator(locale: Locale): Promise<MailTranslator> {
  let translator = translators.get(locale);
  if (!translator) {
    translator = makeTranslator(locale);
    translators.set(locale, translator);
  }
  return translator;
}

/** A saved language as a mail's: an account's `locale` column, English for anything else. */
export function mailLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/**
 * The absolute address of a page of the site in the mail's language (`/es/reset-password?token=…`);
 * `path` is the page's unprefixed path. Never for `/api/...`, which has no language.
 */
export function mailLink(locale: Locale, path: string): string {
  return `${siteUrl()}${localePath(locale, path)}`;
}
