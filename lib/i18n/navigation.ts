// Links, redirects and the current path in the page's language: English addresses unprefixed, the
// others under their prefix (lib/i18n/locales.mjs). Use these instead of next/link and next/navigation
// wherever a link leads to a page.
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

export const { redirect, usePathname, useRouter, getPathname } = createNavigation(routing);
export { Link } from "./link";
