// Rendering in a language: components that read their texts with next-intl's hooks (`useTranslations`)
// need the provider a page's island gives them (components/i18n/intl-island.tsx), and the shell's
// components (links, spinners) the root layout's (lib/i18n/shell-texts.tsx): both are given here. Wrap an element
// before `renderToStaticMarkup`: `renderToStaticMarkup(inLocale(createElement(DeadlineNote, props)))`.
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { ShellTextsProvider } from "@/lib/i18n/shell-texts";
import type { Locale } from "@/lib/i18n/types";
import de from "@/messages/de";
import en from "@/messages/en";
import es from "@/messages/es";

const MESSAGES = { en, es, de };

export function inLocale(node: ReactNode, locale: Locale = "en") {
  return (
    <ShellTextsProvider locale={locale} texts={MESSAGES[locale].client}>
      <NextIntlClientProvider locale={locale} messages={MESSAGES[locale]} timeZone={process.env.APP_TIME_ZONE || "UTC"}>
        {node}
      </NextIntlClientProvider>
    </ShellTextsProvider>
  );
}
