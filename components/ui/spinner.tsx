import { cn } from "@/lib/utils";

/** The loading indicator used everywhere (SPEC.md §2: an animated loader). */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center py-16", className)}>
      <span className="flex gap-1.5" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <span
            key={i}
            className="h-3 w-3 animate-bounce rounded-full bg-brand-600"
            style={{ animationDelay: `${i * 150}ms` }}
          />
        ))}
      </span>
      <span className="sr-only">{label}</span>
    </div>
  );
}
