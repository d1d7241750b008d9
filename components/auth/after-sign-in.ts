"use client";

import { useRouter } from "next/navigation";
import { refreshCurrentUser } from "@/components/site/use-current-user";

/** After a sign-in in this tab: learn who we are (navigation bar, API token), then go on to `callbackUrl`. */
export function useAfterSignIn(callbackUrl: string) {
  const router = useRouter();
  return async () => {
    await refreshCurrentUser();
    router.replace(callbackUrl);
    router.refresh();
  };
}
