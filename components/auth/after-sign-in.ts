"use client";

import { refreshCurrentUser } from "@/components/site/use-current-user";

/** After a sign-in in this tab: learn who we are (navigation bar, API token), then go on. */
export async function afterSignIn(go: (path: string) => void, callbackUrl: string) {
  await refreshCurrentUser();
  go(callbackUrl);
}
