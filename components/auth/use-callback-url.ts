"use client";

import { useSearchParams } from "next/navigation";
import { safeCallbackPath } from "@/lib/auth/callback-url";
import { withChoice } from "@/lib/votes/choice";

/**
 * Where to go after signing in: the page the visitor came from (same site only), else the home page.
 * A survey's answer chosen before signing in (`/login?callbackUrl=/survey/details/…&vote=yes`) travels
 * inside it, so every way on (a password, Google, a passkey, registering and verifying) lands on the
 * survey with that answer selected.
 */
export function useCallbackUrl(): string {
  const params = useSearchParams();
  return withChoice(safeCallbackPath(params.get("callbackUrl")), params.get("vote"));
}

/** A link to the other auth page that keeps the callback. */
export function withCallback(path: string, callbackUrl: string) {
  return callbackUrl === "/" ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
