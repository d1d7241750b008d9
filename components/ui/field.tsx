import type { ReactNode } from "react";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
export const invalidClass = "border-red-600 focus:border-red-600 focus:ring-red-600/30";

/** The `aria-describedby` of a field's control: its message, then its hint (only those shown). */
export function describedBy(id: string, shown: { error?: unknown; hint?: unknown }): string | undefined {
  return [shown.error ? `${id}-error` : null, shown.hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * A label, the control (`children`, whose id is `id`), a hint and the field's validation message,
 * announced to screen readers. The control points at both with `describedBy`.
 */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
