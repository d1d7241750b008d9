import { clsx } from "clsx";
import { useTranslations } from "next-intl";

/** The loading indicator used everywhere (an animated loader). */
// clsx, not tailwind-merge (`cn`): the spinner ships with public pages, and the one class a caller
// overrides (the vertical padding) is handled here. Its label unless told ("Loading") is in `client`,
// which server and client components both read (`useTranslations`).
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useTranslations("client.ui");
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
