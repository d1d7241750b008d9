// A language chosen by the person: remembered in this browser (the NEXT_LOCALE cookie, which the
// server reads before it redirects by Accept-Language, lib/i18n/routing.mjs) and, when signed in,
// saved on the account for their mail. The footer's switcher and the account page both choose here.
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from "@/lib/i18n/locales.mjs";

/** Remembers the choice in this browser for a year. */
export function rememberLocale(locale: string): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * Saves a signed-in person's choice on the account. Fire and forget: the cookie already holds it,
 * and a signed-out visitor's call is simply refused.
 */
export async function saveLocaleChoice(locale: string): Promise<void> {
  try {
    await fetch("/api/me", {
      method: "PATCH",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ locale }),
      keepalive: true,
    });
  } catch {
    // Offline or refused: the cookie still holds the choice.
  }
}
