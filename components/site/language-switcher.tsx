"use client";

import { usePageLocale, useShellTexts } from "@/lib/i18n/shell-texts";
import { usePathname } from "next/navigation";
import { LOCALE_NAMES, LOCALES, localePath } from "@/lib/i18n/locales.mjs";
import { publicPathname } from "@/lib/public-pathname.mjs";
import { rememberLocale, saveLocaleChoice } from "./language-choice";

/**
 * The footer's languages: this page in each of them. Choosing one is remembered (the NEXT_LOCALE
 * cookie, which the server reads before it redirects by Accept-Language, lib/i18n/routing.mjs) and, for
 * a signed-in person, saved on the account for their mail. Plain links, so the page loads whole in
 * its language; without JavaScript they still lead there, unremembered.
 */
export function LanguageSwitcher() {
  const t = useShellTexts("language");
  const current = usePageLocale();
  const path = publicPathname(usePathname());
  function choose(event: React.MouseEvent<HTMLAnchorElement>, locale: string) {
    rememberLocale(locale);
    void saveLocaleChoice(locale);
    event.preventDefault();
    window.location.assign(localePath(locale, path + window.location.search + window.location.hash));
  }
  return (
    <nav aria-label={t("label")} className="language-switcher">
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <a
              href={localePath(locale, path)}
              hrefLang={locale}
              lang={locale}
              aria-current={locale === current ? "true" : undefined}
              onClick={(event) => choose(event, locale)}
            >
              {LOCALE_NAMES[locale]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
