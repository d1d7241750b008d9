import type { ReactNode } from "react";

export function AdminHeading({ title, intro, children }: { title: string; intro: string; children?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-1 text-slate-600">{intro}</p>
      {children}
    </header>
  );
}

/** A URL of a paginated admin list with its filters kept (page 1 is left out). */
export function listHref(path: string, params: Record<string, string | undefined>, page: number) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function formatMoney(amountInSmallestUnit: number, currency: string) {
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    return new Intl.NumberFormat("en-US", { style: "currency", currency: code }).format(amountInSmallestUnit / 10 ** digits);
  } catch {
    // An unknown currency code: still readable, never a crash.
    return `${(amountInSmallestUnit / 100).toFixed(2)} ${code}`;
  }
}

export function formatTime(date: Date) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date) + " UTC";
}
