"use client";

import { useSearchParams } from "next/navigation";
import { safeCallbackPath } from "@/lib/auth/callback-url";

/** Where to go after signing in: the page the visitor came from (same site only), else the home page. */
export function useCallbackUrl(): string {
  return safeCallbackPath(useSearchParams().get("callbackUrl"));
}

/** A link to the other auth page that keeps the callback. */
export function withCallback(path: string, callbackUrl: string) {
  return callbackUrl === "/" ? path : `${path}?callbackUrl=${encodeURIComponent(callbackUrl)}`;
}
