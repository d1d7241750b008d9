// next-intl's configuration for each request (named in next.config.ts). The language is the page's
// `[locale]` segment, read where it is needed through `next/root-params` (the root layout is
// app/[locale]/layout.tsx): a component rendered beside the layouts rather than inside them (a
// `loading.tsx`, a `not-found.tsx`) knows it too, and no request header is read, so cached pages stay
// static. `localised()` (lib/i18n/server.ts) also hands it to next-intl before a page renders.
import { hasLocale } from "next-intl";
import { getRequestConfig } from "next-intl/server";
import { locale as rootLocale } from "next/root-params";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, LOCALES } from "./locales.mjs";
import { loadMessages } from "./messages";

/** The `[locale]` segment of the page being rendered; undefined outside app/[locale] (a route handler). */
async function segmentLocale(): Promise<string | undefined> {
  try {
    return await rootLocale();
  } catch {
    return undefined;
  }
}

export default getRequestConfig(async ({ locale: asked }) => {
  const requested = asked ?? (await segmentLocale());
  const locale = hasLocale(LOCALES, requested) ? requested : DEFAULT_LOCALE;
  return { locale, messages: await loadMessages(locale), timeZone: getEnv().APP_TIME_ZONE };
});
