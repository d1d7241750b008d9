// Formatting shared by the admin pages (plain functions, no React).
import { formatDateTime } from "@/lib/dates";

/** A URL of a paginated admin list with its filters kept (page 1 is left out). */
export function listHref(path: string, params: Record<string, string | undefined>, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * An amount stored in the currency's smallest unit (Stripe's convention: 1600 for $16.00, 500 for
 * ¥500), as money in that currency.
 */
export function formatMoney(amountInSmallestUnit: number, currency: string) {
  const code = currency.toUpperCase();
  try {
    const format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountInSmallestUnit / 10 ** digits);
  } catch {
    // Not an ISO currency code: still readable, never a crash.
    return `${(amountInSmallestUnit / 100).toFixed(2)} ${code}`;
  }
}

/** An instant in the app's time zone, named ("Nov 8, 2026, 3:04 PM UTC"); see lib/dates.ts. */
export function formatTime(date: Date, timeZone: string) {
  return `${formatDateTime(date, timeZone)} ${timeZone}`;
}
