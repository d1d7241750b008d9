// Redirects in the page's language, for server components: English addresses unprefixed, the others
// under their prefix (lib/i18n/locales.mjs). Client components use lib/i18n/router.ts.
import { createNavigation } from "next-intl/navigation";
import { defineRouting } from "next-intl/routing";
import { DEFAULT_LOCALE, LOCALES } from "./locales.mjs";

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: "as-needed",
  // The choice is written by the footer's switcher and the account page (components/site/language-choice.ts).
  localeCookie: false,
});

export const { redirect, getPathname } = createNavigation(routing);
// Links: lib/i18n/link.tsx. The router and the path in client components: lib/i18n/router.ts, which
// carry none of next-intl's code into the browser.
