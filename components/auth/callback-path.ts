import { safeCallbackPath } from "@/lib/auth/callback-url";
import { splitLocale } from "@/lib/i18n/locales.mjs";
import { withChoice } from "@/lib/votes/choice";

const BASE = "http://opinex.invalid";

/**
 * A same-site path without its language prefix (`/es/dashboard` → `/dashboard`): where a sign-in goes
 * on is said in the language of the page it happens on, which puts its own prefix back.
 */
export function withoutLocale(path: string): string {
  const url = new URL(path, BASE);
  return `${splitLocale(url.pathname).rest}${url.search}${url.hash}`;
}

/**
 * Where to go after signing in, from a sign-in page's `callbackUrl` and `vote`: a path on this site
 * (else the home page), in no language yet, with a survey's chosen answer carried into it.
 */
export function callbackPath(callbackUrl: string | null | undefined, vote: string | null | undefined): string {
  return withChoice(withoutLocale(safeCallbackPath(callbackUrl)), vote);
}
