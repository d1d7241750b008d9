"use client";

import { useSearchParams } from "next/navigation";
import { callbackPath } from "@/components/auth/callback-path";

/**
 * Where to go after signing in: the page the visitor came from (same site only), else the home page.
 * A survey's answer chosen before signing in (`/login?callbackUrl=/survey/details/…&vote=yes`) travels
 * inside it, so every way on (a password, Google, a passkey, registering and verifying) lands on the
 * survey with that answer selected. The path has no language prefix: the page's own is added where it
 * is followed (the i18n router and links, or `localePath`).
 */
export function useCallbackUrl(): string {
  const params = useSearchParams();
  return callbackPath(params.get("callbackUrl"), params.get("vote"));
}

/** A link to the other auth page that keeps the callback. */
export function withCallback(path: string, callbackUrl: string) {
  return callbackUrl === "/" ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
