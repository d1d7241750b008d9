"use client";

import { useLinkStatus } from "next/link";
import { useShellTexts } from "@/lib/i18n/shell-texts";

/**
 * Inside a Link: a small spinner while that link's page is on its way, so opening a survey shows
 * progress at once even when its loading state was not prefetched. A few bytes of client code
 * (next/link is already loaded); the card around it stays a server component.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  const t = useShellTexts("ui");
  return pending ? (
    <span role="status" className="ml-2 inline-flex align-middle">
      <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
      <span className="sr-only">{t("opening")}</span>
    </span>
  ) : null;
}
