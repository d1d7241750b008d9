"use client";

import { clsx } from "clsx";
import { useShellTexts } from "@/lib/i18n/shell-texts";

/** The loading indicator used everywhere (an animated loader). */
// clsx, not tailwind-merge (`cn`): the spinner ships with public pages, and the one class a caller
// overrides (the vertical padding) is handled here. Its label unless told ("Loading") is the shell's
// (lib/i18n/shell-texts.tsx): a client component, so server pages (loading.tsx) render it too.
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useShellTexts("ui");
  const padding = /(^|\s)py-/.test(className ?? "") ? undefined : "py-16";
  return (
    <div role="status" aria-live="polite" className={clsx("flex items-center justify-center", padding, className)}>
      <span className="flex gap-1.5" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className="h-3 w-3 animate-bounce rounded-full bg-brand-600"
            style={{ animationDelay: `${i * 150}ms` }}
          />
        ))}
      </span>
      <span className="sr-only">{label ?? t("loading")}</span>
    </div>
  );
}
