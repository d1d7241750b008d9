// One formatter per currency: making one costs far more than using it.
const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount stored in the currency's smallest unit (Stripe's convention: 1600 for $16.00, 500 for
 * ¥500), as money in that currency.
 */
export function formatMoney(amountInSmallestUnit: number, currency: string) {
  const code = currency.toUpperCase();
  try {
    let format = formats.get(code);
    if (!format) {
      format = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
      formats.set(code, format);
    }
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountInSmallestUnit / 10 ** digits);
  } catch {
    // Not an ISO currency code: still readable, never a crash.
    return `${(amountInSmallestUnit / 100).toFixed(2)} ${code}`;
  }
}
