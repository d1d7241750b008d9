import type { Locale } from "@/lib/i18n/types";

/** Intl's tag of each language: English money is written the American way ("$16.00"). */
const TAGS: Record<Locale, string> = { en: "en-US", es: "es-ES", de: "de-DE" };

// One formatter per language, currency and style: making one costs far more than using it.
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(code: string, locale: Locale, whole: boolean) {
  const key = `${locale}:${code}:${whole ? "whole" : "exact"}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(TAGS[locale] ?? TAGS.en, { style: "currency", currency: code, ...(whole ? { minimumFractionDigits: 0 } : {}) });
    formats.set(key, format);
  }
  return format;
}

/**
 * An amount stored in the currency's smallest unit (Stripe's convention: 1600 for $16.00, 500 for
 * ¥500), as money in that currency, written in `locale` ("$16.00", es "16,00 US$", de "16,00 $").
 * `whole` drops the cents of a round amount, for a price on display ("$16", but "$16.50").
 */
export function formatMoney(amountInSmallestUnit: number, currency: string, locale: Locale = "en", { whole = false } = {}) {
  const code = currency.toUpperCase();
  try {
    const digits = moneyFormat(code, "en", false).resolvedOptions().maximumFractionDigits ?? 2;
    const amount = amountInSmallestUnit / 10 ** digits;
    return moneyFormat(code, locale, whole && Number.isInteger(amount)).format(amount);
  } catch {
    // Not an ISO currency code: still readable, never a crash.
    return `${(amountInSmallestUnit / 100).toFixed(2)} ${code}`;
  }
}
