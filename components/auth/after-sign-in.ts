"use client";

import { refreshCurrentUser } from "@/components/site/use-current-user";
import { useRouter } from "@/lib/i18n/router";

/**
 * After a sign-in in this tab: learn who we are (navigation bar, API token), then go on to `callbackUrl`
 * (a path without a language prefix), in the page's language.
 */
export function useAfterSignIn(callbackUrl: string) {
  const router = useRouter();
  return async () => {
    await refreshCurrentUser();
    router.replace(callbackUrl);
    router.refresh();
  };
}
