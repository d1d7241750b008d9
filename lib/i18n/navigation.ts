// Redirects, the router and the current path in the page's language: English addresses unprefixed,
// the others under their prefix (lib/i18n/locales.mjs). Use these instead of next/navigation's wherever
// they lead to a page.
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
// Links: lib/i18n/link.tsx, imported from there. This module runs next-intl's navigation (its router
// hooks) when loaded; a component that only links would carry it into every page's JavaScript.
