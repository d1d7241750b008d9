"use client";

import { useParams } from "next/navigation";
import { LoadingRegion } from "@/components/ui/skeleton";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales.mjs";
import type { Locale } from "@/lib/i18n/types";

/**
 * A loading region whose label is in the page's language, read from the route's `[locale]` segment in
 * the browser: a loading.tsx gets no params, so it cannot tell next-intl the language, and a
 * translation asked for there would fix the whole request's language before the page sets it.
 */
export function LocalisedLoadingRegion({ labels, className, children }: { labels: Record<Locale, string>; className?: string; children: React.ReactNode }) {
  const { locale } = useParams<{ locale?: string }>();
  return (
    <LoadingRegion label={labels[isLocale(locale) ? locale : DEFAULT_LOCALE]} className={className}>
      {children}
    </LoadingRegion>
  );
}
